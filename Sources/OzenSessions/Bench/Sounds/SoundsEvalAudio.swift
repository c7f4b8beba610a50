import Foundation
import OzenKit

extension SoundsEval {
    /// The alert recordings setup installed, from the list beside them.
    static func recordings(in folder: String) throws -> [AlertRecording] {
        let path = folder + "/" + catalogueFile
        guard let text = try? String(contentsOfFile: path, encoding: .utf8) else {
            throw AudioFileError.missing(path: path)
        }
        return try AlertRecording.catalogue(tsv: text)
    }

    /// The speech each half's sounds are laid into.
    static func speechBeds(_ half: AlertRecording.Half, folder: String) throws -> [(name: String, samples: [Float])] {
        let names: [String]
        switch half {
        case .tune:
            let librivox = (try? FileManager.default.contentsOfDirectory(atPath: folder + "/librivox"))?
                .filter { $0.hasSuffix(".wav") }.sorted().map { "librivox/" + $0 } ?? []
            guard librivox.count == 5 else { throw AudioFileError.missing(path: folder + "/librivox") }
            names = librivox + ["jfk/jfk.wav"]
        case .report:
            names = ["pyannote/sample.wav", "people/allison/demo-instruct.wav", "people/carlo/demo-instruct.wav",
                     "people/june/demo-instruct.wav", "people/lecturer/lecture.wav", "people/michael/acoustic_corpus.wav"]
        }
        return try names.map { (name: $0, samples: try WAVDecoder().read(path: folder + "/" + $0).atSpeechRate().samples) }
    }

    /// An alert recording at `rate`: setup's 16 kHz copy, or its 32 kHz copy (made from the
    /// original, so whatever the recording holds above 8 kHz is there).
    static func alertSamples(_ file: String, folder: String, rate: Int) throws -> [Float] {
        switch rate {
        case MonoAudio.speechRate: return try WAVDecoder().read(path: folder + "/alerts/" + file).atSpeechRate().samples
        case 32_000:
            let audio = try WAVDecoder().read(path: folder + "/alerts/32k/" + file)
            guard audio.sampleRate == 32_000 else { throw AudioFileError.missing(path: folder + "/alerts/32k/" + file) }
            return audio.samples
        default: throw UsageError(tr("--feed צריך 16000 או 32000", "--feed needs 16000 or 32000"))
        }
    }

    /// One recording laid into one speech bed at one loudness, as both evals hear it.
    struct Mix {
        let recording: AlertRecording
        let level: Double
        let bed: String
        let samples: [Float]
        /// Seconds into `samples` the sound begins and ends.
        let start: Double, end: Double
    }

    /// Every recording (repeated as the list says) laid into every bed, `soundStart` in, at each
    /// of its `levels`, with 4 s of the bed after it, at `rate`; one mix at a time, so an hour
    /// of trials is never held at once.
    ///
    /// `spread`: each mix's sound begins a different eighth of this many seconds after
    /// `soundStart` (nil: exactly at it), as a real doorbell rings at any instant. The detector
    /// hears in steps (a taught print's 16 ms landmark frames, the tagger's 0.48 s hop), and at
    /// exactly 2 s every sound began at one place in those steps: on the frame grid of a print
    /// taught from its own start, the one alignment a microphone almost never gives (a take
    /// cut 4–12 ms off that grid was not found at all, 2026-12-07), and 0.08 s after one of the
    /// tagger's steps, so every onset was a whole number of hops after it and the median moved
    /// in steps of 0.48 s (1.92 s on the grid, 1.77 s spread, the same build, 2026-12-07).
    static func forEachMix(of recordings: [AlertRecording], in beds: [(name: String, samples: [Float])],
                           levels: (AlertRecording) -> [Double], rate feed: Int, folder: String, spread: Double? = nil,
                           _ body: (Mix) throws -> Void) throws {
        let rate = Double(feed)
        let step = Int(((spread ?? 0) * rate).rounded())
        var count = 0
        for recording in recordings {
            let sound = SoundMix.repeated(try alertSamples(recording.file, folder: folder, rate: feed),
                                          times: recording.times, gapSeconds: recording.gap, rate: feed)
            for level in levels(recording) {
                for bed in beds {
                    let offset = Int(soundStart * rate) + (count * 3 % 8) * step / 8
                    count += 1
                    let start = Double(offset) / rate
                    let around = (0..<(offset + sound.count + 4 * feed)).map { bed.samples[$0 % bed.samples.count] }
                    try body(Mix(recording: recording, level: level, bed: bed.name,
                                 samples: SoundMix.mix(sound: sound, into: around, at: offset, levelDB: level, rate: feed),
                                 start: start, end: start + Double(sound.count) / rate))
                }
            }
        }
    }

    /// The half's music (`scripts/alert-sounds.tsv`'s music rows) at `rate`, as television has
    /// it: the tracks joined, then the same again with the half's talk `beds` over them, 6 dB
    /// louder than the music; looped to `minutes`. Nil with no music in the half or 0 minutes.
    static func music(_ half: AlertRecording.Half, beds: [(name: String, samples: [Float])], folder: String,
                      minutes: Double, rate: Int) throws -> (name: String, samples: [Float], seconds: Double)? {
        let path = folder + "/" + catalogueFile
        guard minutes > 0, let text = try? String(contentsOfFile: path, encoding: .utf8) else { return nil }
        let tracks = try AlertRecording.catalogue(tsv: text, music: true).filter { $0.half == half }
        guard !tracks.isEmpty else { return nil }
        var music: [Float] = []
        for track in tracks { music += try alertSamples(track.file, folder: folder, rate: rate) }
        let talk = beds.flatMap(\.samples)
        var underTalk = music
        if !talk.isEmpty {
            let spoken = (0..<music.count).map { talk[$0 % talk.count] }
            underTalk = SoundMix.mix(sound: spoken, into: music, at: 0, levelDB: 6, rate: rate)
        }
        let joined = music + underTalk
        let wanted = Int(minutes * 60 * Double(rate))
        let samples = (0..<wanted).map { joined[$0 % joined.count] }
        let name = tr("\(tracks.count) קטעי מוזיקה, לבד ומתחת לדיבור", "\(tracks.count) pieces of music, alone and under talk") + " ("
            + tracks.map(\.source).reduce(into: [String]()) { if !$0.contains($1) { $0.append($1) } }.joined(separator: ", ") + ")"
        return (name, samples, Double(samples.count) / Double(rate))
    }

    /// 16 kHz speech at `rate` (the recordings are 16 kHz: upsampling adds nothing above 8 kHz).
    static func upsampled(_ samples: [Float], to rate: Int) -> [Float] {
        rate == MonoAudio.speechRate ? samples : Resampler(from: MonoAudio.speechRate, to: rate).resample(samples)
    }

    /// Plain conversation for the half, joined and looped to `minutes` at `rate` (the tune
    /// half's begins with its speech `beds`, already at `rate`).
    static func talk(_ half: AlertRecording.Half, beds: [(name: String, samples: [Float])], folder: String,
                     minutes: Double, rate: Int = MonoAudio.speechRate) throws -> (name: String, samples: [Float], seconds: Double) {
        func read(_ relative: String) throws -> [Float] {
            upsampled(try WAVDecoder().read(path: folder + "/" + relative).atSpeechRate().samples, to: rate)
        }
        var joined: [Float] = []
        let name: String
        switch half {
        case .tune:
            for bed in beds { joined += bed.samples }
            for clip in try FileManager.default.contentsOfDirectory(atPath: folder + "/cards").filter({ $0.hasSuffix(".wav") }).sorted() {
                joined += try read("cards/" + clip)
            }
            joined += try read("interpreter/fr/conversation.wav") + read("interpreter/it/conversation.wav")
            name = "LibriVox, Kennedy, the cards reader, French and Italian prompts"
        case .report:
            joined = upsampled(SimulatedTable(turns: try SpeakersEval.tableTurns(folder: folder), seed: 7, pauses: 0.8...1.2).audio, to: rate)
            for clip in try FileManager.default.contentsOfDirectory(atPath: folder + "/librivox").filter({ $0.hasSuffix(".wav") }).sorted() {
                joined += try read("librivox/" + clip)
            }
            joined += try read("pyannote/sample.wav")
            name = "the five-person table, the LibriVox reading and the pyannote call"
        }
        let wanted = Int(minutes * 60 * Double(rate))
        let samples = wanted == 0 ? [] : (0..<wanted).map { joined[$0 % joined.count] }
        return (name, samples, Double(samples.count) / Double(rate))
    }
}

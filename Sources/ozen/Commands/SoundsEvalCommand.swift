import Foundation
import OzenEngines
import OzenKit
import OzenSessions

/// `ozen sounds eval [--half tune|report] [--levels 0,-10,-20] [--minutes 60] [--tune] [--json]`:
/// how well the sound alerts hear real sounds in real talk.
///
/// Every alert recording setup installs (`scripts/alert-sounds.tsv`: doorbells, knocks, alarms,
/// sirens, phones, babies, dogs, cats, kettles, appliance beeps, water, glass, horns, shouting,
/// and desktop chimes that must raise nothing) of the chosen half is laid into every speech
/// recording of that half, 2 s in, at each loudness against the speech, and fed through a
/// `SoundWatch` as a live stream would be. Printed: recall per kind and per loudness, how soon
/// after its onset each sound was reported (median), the alerts raised on the wrong recordings,
/// and the alerts plain conversation raises per hour (the half's talk joined and looped to
/// `--minutes`), beside the classifier's cost per window.
///
/// The halves: `tune` lays its recordings into the LibriVox reader and Kennedy, with LibriVox,
/// Kennedy, the cards reader and the French and Italian prompts as its talk; `report` lays its
/// own recordings into the pyannote call and the five `people/` (none of them in `tune`), with
/// the conversation as its talk: the five-person table, the LibriVox reading and the
/// call. `--tune` chooses every kind's numbers on the tune half (`SoundThresholdSearch`) and
/// prints them for `SoundKinds.swift`; the report half is what the README quotes.
enum SoundsEvalCommand {
    /// Where the sound starts in each trial: after 2 s of talk, so the watch has heard speech first.
    static let soundStart = 2.0
    /// The list setup installs the recordings from, copied beside them.
    static let catalogueFile = "alerts/alert-sounds.tsv"

    struct Options {
        var half: AlertRecording.Half
        var levels: [Double]
        var minutes: Double
        var folder: String
        var only: [String]
        var tune: Bool
        var json: Bool
    }

    static func options(_ arguments: [String]) throws -> Options {
        let args = try ArgumentReader(arguments, options: ["--half", "--levels", "--minutes", "--fixtures", "--only"],
                                      flags: ["--tune", "--json"])
        guard args.positional.isEmpty else { throw UsageError(SoundsCommand.usage) }
        let levels = try (args.value("--levels") ?? "0,-10,-20").split(separator: ",").map { raw -> Double in
            guard let level = Double(raw.trimmingCharacters(in: .whitespaces)), (-40...40).contains(level) else {
                throw UsageError(tr("--levels צריך מספרי dB מופרדים בפסיקים, למשל 0,-10,-20", "--levels needs dB numbers separated by commas, e.g. 0,-10,-20"))
            }
            return level
        }
        let minutesRaw = args.value("--minutes") ?? "60"
        // The looped talk is held in memory: 120 minutes is 460 MB of samples.
        guard let minutes = Double(minutesRaw), minutes >= 0, minutes <= 120 else {
            throw UsageError(tr("--minutes צריך מספר דקות בין 0 ל־120, קיבל '\(minutesRaw)'", "--minutes needs minutes between 0 and 120, got '\(minutesRaw)'"))
        }
        let tune = args.flag("--tune")
        let halfRaw = args.value("--half") ?? (tune ? "tune" : "report")
        guard let half = AlertRecording.Half(rawValue: halfRaw) else {
            throw UsageError(tr("--half צריך tune או report, קיבל '\(halfRaw)'", "--half needs tune or report, got '\(halfRaw)'"))
        }
        guard !tune || half == .tune else {
            throw UsageError(tr("--tune בוחר את המספרים על חצי tune בלבד", "--tune chooses the numbers on the tune half only"))
        }
        return Options(half: half, levels: levels, minutes: minutes, folder: try FixturesFolder.checked(args.value("--fixtures")),
                       only: args.values("--only"), tune: tune, json: args.flag("--json"))
    }

    static func run(_ arguments: [String], home: OzenHome) throws {
        let options = try options(arguments)
        let catalogue = try recordings(in: options.folder).filter { $0.half == options.half }
        let chosen = options.only.isEmpty ? catalogue : catalogue.filter { options.only.contains($0.file) }
        guard !chosen.isEmpty else {
            throw UsageError(tr("--only צריך אחד מאלה: ", "--only needs one of: ") + catalogue.map(\.file).joined(separator: ", "))
        }
        let classifier = try YAMNetSoundClassifier(home: home)
        var recorder = SoundScoreRecorder(classifier: classifier)
        let began = Date()

        var trials: [RecordedSoundTrial] = []
        let beds = try speechBeds(options.half, folder: options.folder)
        let rate = Double(MonoAudio.speechRate)
        for recording in chosen {
            let sound = SoundMix.repeated(try WAVDecoder().read(path: options.folder + "/alerts/" + recording.file).atSpeechRate().samples,
                                          times: recording.times, gapSeconds: recording.gap)
            let offset = Int(soundStart * rate)
            for level in options.levels {
                for bed in beds {
                    let around = (0..<(offset + sound.count + 4 * MonoAudio.speechRate)).map { bed.samples[$0 % bed.samples.count] }
                    let mixed = SoundMix.mix(sound: sound, into: around, at: offset, levelDB: level)
                    trials.append(try recorder.record(mixed, name: "\(recording.file) at \(Int(level)) dB in \(bed.name)",
                                                      recording: recording.file, expected: recording.kind, levelDB: level, soundStart: soundStart,
                                                      soundEnd: soundStart + Double(sound.count) / rate))
                }
            }
        }
        let talkAudio = try talk(options.half, beds: beds, folder: options.folder, minutes: options.minutes)
        let talkTrial = try recorder.record(talkAudio.samples, name: talkAudio.name, expected: nil, levelDB: nil, soundStart: 0, soundEnd: 0)

        if options.tune {
            let search = SoundThresholdSearch(classNames: recorder.classNames, trials: trials, talk: [talkTrial])
            let choices = SoundKind.all.map { search.choose(for: $0) }
            print(SoundEvalReport.tuning(choices, talkMinutes: talkAudio.seconds / 60, json: options.json))
            return
        }
        let report = SoundEvalReport(kinds: SoundKind.all, classNames: recorder.classNames, trials: trials, talk: talkTrial,
                                     levels: options.levels, half: options.half.rawValue, recordings: chosen,
                                     speech: beds.map(\.name), talkName: talkAudio.name,
                                     millisecondsPerWindow: recorder.millisecondsPerWindow,
                                     secondsTaken: Date().timeIntervalSince(began))
        print(options.json ? report.json.serialized() : report.text)
    }

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

    /// Plain conversation for the half, joined and looped to `minutes` (the tune half's begins
    /// with its speech `beds`).
    static func talk(_ half: AlertRecording.Half, beds: [(name: String, samples: [Float])], folder: String,
                     minutes: Double) throws -> (name: String, samples: [Float], seconds: Double) {
        func read(_ relative: String) throws -> [Float] { try WAVDecoder().read(path: folder + "/" + relative).atSpeechRate().samples }
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
            joined = SimulatedTable(turns: try SpeakersEval.tableTurns(folder: folder), seed: 7, pauses: 0.8...1.2).audio
            for clip in try FileManager.default.contentsOfDirectory(atPath: folder + "/librivox").filter({ $0.hasSuffix(".wav") }).sorted() {
                joined += try read("librivox/" + clip)
            }
            joined += try read("pyannote/sample.wav")
            name = "the five-person table, the LibriVox reading and the pyannote call"
        }
        let wanted = Int(minutes * 60 * Double(MonoAudio.speechRate))
        let samples = wanted == 0 ? [] : (0..<wanted).map { joined[$0 % joined.count] }
        return (name, samples, Double(samples.count) / Double(MonoAudio.speechRate))
    }
}

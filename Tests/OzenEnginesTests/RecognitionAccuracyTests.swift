import Foundation
import OzenEngines
import OzenKit
import OzenTestSupport
import Testing

/// The embedded Whisper base model, through the real voice detector and recognizer, on real
/// English speech: it gets these recordings nearly word for word, so 10 % is a loud alarm.
@Suite(.serialized) struct RecognitionAccuracyTests {
    static let captioner: RecordingCaptioner = {
        let home = Fixtures.home
        let whisper = try! InstalledModel.load("base", in: home)
        let vad = try! InstalledModel.load("silero-vad", in: home)
        return RecordingCaptioner(detector: SileroVoiceDetector(model: vad),
                                  recognizer: try! WhisperRecognizer(model: whisper),
                                  settings: CaptionSettings(language: .english))
    }()

    func captions(_ path: String) throws -> [CaptionLine] {
        var lines = [CaptionLine]()
        try Self.captioner.caption(try WAVDecoder().read(path: path).atSpeechRate()) { event in
            if case .line(let line, _) = event { lines.append(line) }
        }
        return lines
    }

    @Test func librivoxClipsAreNearlyExact() throws {
        var total = WordErrorRate.Count(errors: 0, referenceWords: 0)
        for clip in try Fixtures.librivox() {
            let text = try captions(clip.path).map(\.text).joined(separator: " ")
            let count = WordErrorRate.count(reference: clip.transcript, hypothesis: text)
            print("WER \(count.errors)/\(count.referenceWords) \(URL(fileURLWithPath: clip.path).lastPathComponent): \(text)")
            total = total + count
        }
        #expect(total.referenceWords == 71)
        #expect(total.rate <= 0.10, "LibriVox WER \(total.rate)")
    }

    @Test func jfkIsNearlyExact() throws {
        let lines = try captions(Fixtures.jfk.path)
        let count = WordErrorRate.count(reference: Fixtures.jfk.transcript, hypothesis: lines.map(\.text).joined(separator: " "))
        #expect(count.rate <= 0.10, "JFK WER \(count.rate): \(lines.map(\.text))")
        #expect(lines.allSatisfy { $0.final && $0.confidence != nil && !$0.uncertain })
        #expect(lines.first.map { $0.start < 0.8 && $0.end > 9 && $0.end <= 11 } == true || lines.count > 1)
    }

    @Test func silenceNeverReachesTheRecognizer() throws {
        var events = [CaptionEvent]()
        try Self.captioner.caption(MonoAudio(samples: [Float](repeating: 0, count: 48_000), sampleRate: 16_000)) { events.append($0) }
        #expect(events.count == 2)
        #expect(events.last == .status(.finished(lines: 0, audioSeconds: 3), at: 3))
    }

    @Test func theSameSpeechAt44kHzStereoGivesTheSameWords() throws {
        let original = try WAVDecoder().read(path: Fixtures.jfk.path)
        let up = Resampler(from: 16_000, to: 44_100).resample(original.samples)
        let wav = WAVEncoder(format: .pcm24, sampleRate: 44_100, channels: 2, extensible: true).encode(up.flatMap { [$0, $0] })
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("ozen-jfk-44k-\(UUID()).wav")
        try wav.write(to: url)
        defer { try? FileManager.default.removeItem(at: url) }
        let text = try captions(url.path).map(\.text).joined(separator: " ")
        #expect(WordErrorRate.count(reference: Fixtures.jfk.transcript, hypothesis: text).rate <= 0.10, "\(text)")
    }
}

import Foundation
import OzenEngines
import OzenKit
import OzenTestSupport
import Testing

/// The embedded Whisper base model through the live pipeline on real English speech: the
/// locked lines must be nearly word for word, and within 2 points of decoding each utterance
/// only once, at its end.
@Suite(.serialized) struct RecognitionAccuracyTests {
    @Test func librivoxLockedLinesAreNearlyExactAndMatchTheOnceDecodedBaseline() throws {
        var live = WordErrorRate.Count(errors: 0, referenceWords: 0)
        var once = live
        var baselineSettings = LiveSettings(language: .english)
        baselineSettings.livePasses = false
        for clip in try Fixtures.librivox() {
            let text = try LiveHarness.run(clip.path).text
            let count = WordErrorRate.count(reference: clip.transcript, hypothesis: text)
            print("WER \(count.errors)/\(count.referenceWords) \(URL(fileURLWithPath: clip.path).lastPathComponent): \(text)")
            live = live + count
            let onceText = try LiveHarness.run(clip.path, settings: baselineSettings).text
            once = once + WordErrorRate.count(reference: clip.transcript, hypothesis: onceText)
            print("   decoded once: \(onceText)")
        }
        print("LibriVox WER live \(live.rate), decoded once \(once.rate)")
        #expect(live.referenceWords == 71)
        #expect(live.rate <= 0.10)
        #expect(live.rate <= once.rate + 0.02)
    }

    @Test func jfkIsNearlyExact() throws {
        let run = try LiveHarness.run(Fixtures.jfk.path)
        let count = WordErrorRate.count(reference: Fixtures.jfk.transcript, hypothesis: run.text)
        #expect(count.rate <= 0.10, "JFK: \(run.text)")
        // Every line says how sure it is; a doubtful one ("is not" for "Ask not", 0.48) is marked.
        #expect(run.lines.allSatisfy { $0.final && $0.confidence != nil })
        #expect(run.lines.allSatisfy { $0.uncertain == ($0.confidence! < 0.5) })
        #expect(run.lines.filter(\.uncertain).count <= 1)
        #expect(run.lines.first.map { $0.start < 0.8 } == true)
        #expect(run.lines.last.map { $0.end > 10 && $0.end <= 11 } == true)
    }

    @Test func theSameSpeechAt44kHzStereoGivesTheSameWords() throws {
        let original = try WAVDecoder().read(path: Fixtures.jfk.path)
        let up = Resampler(from: 16_000, to: 44_100).resample(original.samples)
        let wav = WAVEncoder(format: .pcm24, sampleRate: 44_100, channels: 2, extensible: true).encode(up.flatMap { [$0, $0] })
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("ozen-jfk-44k-\(UUID()).wav")
        try wav.write(to: url)
        defer { try? FileManager.default.removeItem(at: url) }
        let text = try LiveHarness.run(url.path).text
        #expect(WordErrorRate.count(reference: Fixtures.jfk.transcript, hypothesis: text).rate <= 0.10, "\(text)")
    }
}

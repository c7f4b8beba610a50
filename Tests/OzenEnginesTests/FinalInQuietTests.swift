import Foundation
import OzenEngines
import OzenKit
import OzenTestSupport
import Testing

/// Dictation's final pass in the quiet after the last word (`LiveSettings.finalAfterQuiet`):
/// the text is the same as when the final waits for the utterance to close, and it is ready
/// sooner. Real Silero and Whisper on real recordings, on the steady replay clock.
@Suite(.serialized) struct FinalInQuietTests {
    static func settings(early: Bool) -> LiveSettings {
        var settings = LiveSettings(language: .english)
        settings.finalAfterQuiet = early ? settings.cutter.tail : nil
        return settings
    }

    static func lines(_ run: LiveHarness.Run) -> [(text: String, at: Double)] {
        run.events.compactMap { if case .line(let l, let at) = $0, !l.text.isEmpty { return (l.text, at) } else { return nil } }
    }

    /// She stops 0.6 s after her last word: the line is the same and comes sooner, since its
    /// final pass ran before the cutter's 0.5 s pause closed the utterance.
    @Test func aTakeEndingInQuietIsTheSameAndSooner() throws {
        let clip = try Fixtures.librivox().first { $0.path.hasSuffix("0920.wav") }!
        var audio = try WAVDecoder().read(path: clip.path).atSpeechRate()
        audio = MonoAudio(samples: audio.samples + [Float](repeating: 0, count: Int(0.6 * Double(MonoAudio.speechRate))),
                          sampleRate: MonoAudio.speechRate)
        let waiting = Self.lines(try LiveHarness.run(audio, settings: Self.settings(early: false)))
        let early = Self.lines(try LiveHarness.run(audio, settings: Self.settings(early: true)))
        #expect(!waiting.isEmpty)
        #expect(early.map(\.text) == waiting.map(\.text))
        #expect(early.last!.at < waiting.last!.at, "\(early) / \(waiting)")
    }

    /// Where the speaker goes on after a short quiet (JFK's pauses between phrases), the early
    /// result is not used for the longer utterance: every word is still there.
    @Test func speechAfterTheQuietKeepsEveryWord() throws {
        let run = try LiveHarness.run(Fixtures.jfk.path, settings: Self.settings(early: true))
        let baseline = try LiveHarness.run(Fixtures.jfk.path, settings: Self.settings(early: false))
        #expect(WordErrorRate.count(reference: Fixtures.jfk.transcript, hypothesis: run.text).rate
                <= WordErrorRate.count(reference: Fixtures.jfk.transcript, hypothesis: baseline.text).rate,
                "\(run.text) / \(baseline.text)")
    }
}

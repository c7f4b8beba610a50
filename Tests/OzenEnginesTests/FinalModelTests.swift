import Foundation
import OzenEngines
import OzenKit
import OzenTestSupport
import Testing

/// `--final-model`: live passes go to one model and each line's final pass to another. The
/// mechanism is checked with base in both roles (two separately loaded copies), so it needs no
/// second model installed: every pass is counted at the model that ran it, and the locked lines
/// must be those of base alone, since the same model decoded the same audio.
struct FinalModelTests {
    /// A real recognizer that also counts the passes it ran, by kind.
    final class Counted: SpeechRecognizer, @unchecked Sendable {
        let model: any SpeechRecognizer
        private let lock = NSLock()
        private var counts = (live: 0, final: 0)
        init(_ model: any SpeechRecognizer) { self.model = model }
        var passes: (live: Int, final: Int) { lock.withLock { counts } }
        func transcribe(_ samples: [Float], options: DecodingOptions) throws -> Transcript {
            lock.withLock { if options.isLivePass { counts.live += 1 } else { counts.final += 1 } }
            return try model.transcribe(samples, options: options)
        }
        func tokenCount(_ text: String) -> Int { model.tokenCount(text) }
    }

    @Test func liveWordsComeFromOneModelAndEveryLockedLineFromTheOther() throws {
        let second = try WhisperRecognizer(model: try InstalledModel.load("base", in: Fixtures.home))
        let live = Counted(LiveHarness.whisper), final = Counted(second)
        let settings = LiveSettings(language: .english)
        let clock = SteadyCostClock()
        let captioner = LiveCaptioner(classifier: try LiveHarness.classifier(), recognizer: FinalModelRecognizer(live: live, final: final),
                                      settings: settings, clock: clock)
        var events: [CaptionEvent] = []
        try RecordingReplay.run(try WAVDecoder().read(path: Fixtures.jfk.path), through: captioner, clock: clock) { events.append($0) }
        let lines = events.compactMap { if case .line(let l, _) = $0, !l.text.isEmpty { return l.text } else { return nil } }

        #expect(live.passes.live > 0 && live.passes.final == 0, "live model: \(live.passes)")
        #expect(final.passes.final >= lines.count && final.passes.live == 0, "final model: \(final.passes), \(lines.count) lines")
        #expect(captioner.finalPassCount > 0)
        let alone = try LiveHarness.run(Fixtures.jfk.path, settings: settings)
        #expect(lines == alone.lines.map(\.text), "two copies of base: \(lines); base alone: \(alone.lines.map(\.text))")
    }
}

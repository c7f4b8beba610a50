import Foundation
import OzenEngines
import OzenKit
import OzenTestSupport
import Testing

/// A live pass still running when the audio ends (she tapped stop) is cancelled, so the final
/// pass does not wait behind words nobody will see. Real Whisper, real recordings.
@Suite(.serialized) struct PassCancellationTests {
    /// A decode whose cancellation has come stops with `PassCancelled`, mid-encoder or at once,
    /// and leaves nothing behind: the next decode on the same recognizer is whole.
    @Test func aCancelledDecodeStopsAndTheNextIsWhole() throws {
        let samples = try WAVDecoder().read(path: Fixtures.jfk.path).atSpeechRate().samples
        var options = DecodingOptions(language: .english, beamSize: 5, allowsFallback: false, audioContextMargin: 0)

        options.cancellation = PassCancellation(at: ContinuousClock.now)
        #expect(throws: PassCancelled.self) { try LiveHarness.whisper.transcribe(samples, options: options) }

        // Cancelled from another thread while it runs: Whisper's full 30 s window with five
        // beams takes seconds on a CPU, the cancel comes after 0.1 s.
        let cancellation = PassCancellation()
        options.cancellation = cancellation
        DispatchQueue.global().asyncAfter(deadline: .now() + 0.1) { cancellation.cancel() }
        #expect(throws: PassCancelled.self) { try LiveHarness.whisper.transcribe(samples, options: options) }

        options.cancellation = PassCancellation()
        options.audioContextMargin = 128
        let whole = try LiveHarness.whisper.transcribe(samples, options: options)
        #expect(WordErrorRate.count(reference: Fixtures.jfk.transcript, hypothesis: whole.text).rate <= 0.05, "\(whole.text)")
    }

    /// The pipeline's live pass is cancelled when the audio ends, and the utterance's final pass
    /// still gives every word: the take's text is what Whisper makes of the same audio offline.
    @Test func theTakeEndingMidPassLosesNoWord() throws {
        let samples = try WAVDecoder().read(path: Fixtures.jfk.path).atSpeechRate().samples
        let captioner = LiveCaptioner(classifier: try LiveHarness.classifier(), recognizer: LiveHarness.whisper,
                                      settings: LiveSettings(language: .english), clock: RealTimeClock())
        var log: [String] = []
        captioner.passLog = { log.append($0) }
        // The audio has ended already: the first live pass that falls due is cancelled.
        captioner.endOfAudio = PassCancellation(at: ContinuousClock.now)
        var lines: [String] = []
        let emit: (CaptionEvent) -> Void = { if case .line(let line, _) = $0, !line.text.isEmpty { lines.append(line.text) } }
        let piece = MonoAudio.speechRate / 10
        var fed = 0
        while fed < samples.count, !log.contains("live pass cancelled") {
            let next = min(samples.count, fed + piece)
            try captioner.feed(Array(samples[fed..<next]), emit: emit)
            fed = next
            try captioner.livePassIfDue(emit: emit)
        }
        #expect(fed < samples.count, "no live pass fell due before the end: \(log)")
        #expect(captioner.livePassCount == 0)
        try captioner.finish(emit: emit)

        let offline = try LiveHarness.whisper.transcribe(Array(samples.prefix(fed)),
                                                         options: DecodingOptions(language: .english, beamSize: 5,
                                                                                  allowsFallback: false, audioContextMargin: 128))
        let take = lines.joined(separator: " ")
        #expect(!take.isEmpty)
        #expect(WordErrorRate.count(reference: offline.text, hypothesis: take).rate <= 0.1, "take: \(take) / offline: \(offline.text)")
    }
}

import Foundation
import OzenEngines
import OzenKit
import OzenTestSupport

/// The real live pipeline — Silero per window, Whisper base — replayed on the audio clock.
enum LiveHarness {
    static let whisper: WhisperRecognizer = {
        do { return try WhisperRecognizer(model: try InstalledModel.load("base", in: Fixtures.home)) }
        catch { fatalError("the base model is not installed (run `make setup`): \(error)") }
    }()

    static func classifier() throws -> SileroFrameClassifier {
        try SileroFrameClassifier(model: try InstalledModel.load("silero-vad", in: Fixtures.home))
    }

    struct Run {
        var events: [CaptionEvent]
        var captioner: LiveCaptioner
        var lines: [CaptionLine] { events.compactMap { if case .line(let l, _) = $0, !l.text.isEmpty { return l } else { return nil } } }
        var partials: [CaptionLine] { events.compactMap { if case .partial(let l, _) = $0 { return l } else { return nil } } }
        var text: String { lines.map(\.text).joined(separator: " ") }
    }

    static func run(_ audio: MonoAudio, settings: LiveSettings = LiveSettings(language: .english)) throws -> Run {
        let clock = SteadyCostClock()
        let captioner = LiveCaptioner(classifier: try classifier(), recognizer: whisper, settings: settings, clock: clock)
        var events = [CaptionEvent]()
        try RecordingReplay.run(audio, through: captioner, clock: clock) { events.append($0) }
        return Run(events: events, captioner: captioner)
    }

    static func run(_ path: String, settings: LiveSettings = LiveSettings(language: .english)) throws -> Run {
        try run(try WAVDecoder().read(path: path), settings: settings)
    }
}

import Foundation
import OzenKit

/// One dictation take's text: what was said, stitched from its utterances, how long the take
/// was, and when its audio ended. A take is at most `longest` seconds: a longer recording is
/// cut there, as a take ends by itself.
public struct DictationTake: Sendable {
    public static let longest = 60.0

    public var raw: String
    public var seconds: Double
    /// The wall-clock moment the take's audio ended: when she tapped stop.
    public var stoppedAt: ContinuousClock.Instant

    public init(raw: String, seconds: Double, stoppedAt: ContinuousClock.Instant) {
        self.raw = raw
        self.seconds = seconds
        self.stoppedAt = stoppedAt
    }

    /// A take through the live pipeline, utterance by utterance as it is spoken, stitched.
    /// `quickStop: false` is the take as it was before the stop was made quick (the baseline of
    /// `ozen bench dictate --baseline`): a live pass still running at the stop runs out, and the
    /// last utterance's final pass waits for the stop instead of starting in the quiet before it.
    public static func transcribe(_ audio: MonoAudio, language: SpokenLanguage, models: PipelineBuilder, realtime: Bool,
                           quickStop: Bool = true) throws -> DictationTake {
        var settings = try PipelineSettings.dictation(language: language)
        if !quickStop { settings.finalAfterQuiet = nil }
        let seconds = Double(audio.samples.count) / Double(MonoAudio.speechRate)
        let started = ContinuousClock.now
        let clock: any PipelineClock = realtime ? RealTimeClock() : SteadyCostClock()
        let captioner = try models.captioner(settings: settings, clock: clock)
        var lines: [String] = []
        // In real time the audio ends `seconds` after the start, on the wall clock; on the steady
        // clock, at the first event after the replay passed its end (the work left is what follows).
        var stoppedAt: ContinuousClock.Instant? = realtime ? started + .milliseconds(Int(seconds * 1000)) : nil
        try RecordingReplay.run(audio, through: captioner, clock: clock, cancelsLivePassAtEnd: quickStop) { event in
            if case .line(let line, _) = event, !line.text.isEmpty { lines.append(line.text) }
            if stoppedAt == nil, clock.now >= seconds { stoppedAt = ContinuousClock.now }
        }
        return DictationTake(raw: DictationText.stitched(lines), seconds: seconds, stoppedAt: stoppedAt ?? ContinuousClock.now)
    }
}

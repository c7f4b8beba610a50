import Foundation
import OzenKit

/// `ozen caption FILE`'s session: a recording captioned from one `CaptionSettings`, its
/// events sent to the caller's sink (the command's: the terminal, as lines or JSON events;
/// a test's: a list it checks), and to the diagnostics, the history and the notifications
/// as the settings ask (`CaptionRun`).
public struct CaptionSession {
    public let settings: CaptionSettings

    public init(settings: CaptionSettings) {
        self.settings = settings
    }

    /// Captions `audio` to its end, every event to `sink` as it comes, then closes the history.
    public func run(_ audio: MonoAudio, to sink: @escaping @Sendable (CaptionEvent) -> Void) throws {
        let realtime = settings.realtime
        // With --realtime the recording plays from the moment everything is loaded. Without it
        // the file is captioned on the steady clock, whose passes cost the same on any machine
        // under any load, so the same file gives the same lines on every run.
        let run = try CaptionRun(settings: settings, command: "caption", inline: !realtime,
                                 clock: { realtime ? RealTimeClock() as any PipelineClock : SteadyCostClock() }, to: sink)
        try RecordingReplay.run(audio, through: run.captioner, clock: run.clock, listeners: run.listeners) { event in
            run.deliver(event)
        }
        try run.finish()
    }
}

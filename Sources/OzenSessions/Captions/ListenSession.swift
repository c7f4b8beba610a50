import Foundation
import OzenIO
import OzenKit
import Synchronization

/// `ozen listen`'s session: live captions from one source (a microphone, or what the computer
/// plays), from one `CaptionSettings`, kept going when the source fails, falls silent or is
/// unplugged and plugged back in. Ctrl-C ends it after the open line's final pass. Its events
/// go to the caller's sink (the command's prints them), the history and the notifications
/// (`CaptionRun`); the source's own news goes to the diagnostics too.
public struct ListenSession {
    public let settings: CaptionSettings

    public init(settings: CaptionSettings) {
        self.settings = settings
    }

    /// Captions `microphone` until Ctrl-C or SIGTERM, or until it gives up; then the history
    /// closes. A source that cannot start or gave up is a `MicrophoneProblem`.
    public func run(_ microphone: MicrophoneInput, to sink: @escaping @Sendable (CaptionEvent) -> Void) throws {
        let running = RunningCaptions.started(command: "ozen listen", model: settings.modelName, in: settings.home)
        defer { running.finished() }
        let run = try CaptionRun(settings: settings, command: "listen", inline: false, clock: { RealTimeClock() }, to: sink)
        let output = run.output, diagnostics = run.diagnostics
        let inbox = LiveAudioInbox()
        let gaveUp = GaveUp()
        do {
            try microphone.start(into: inbox) { [microphone] status in
                output.send(.status(status, at: microphone.deliveredSeconds))
                diagnostics.microphone(status)
                if case .failed(let reason, let action) = status {
                    gaveUp.set(MicrophoneProblem(reason: reason, action: action))
                    inbox.close()
                }
            }
        } catch {
            throw MicrophoneProblem(reason: error.description, action: "")
        }
        let signals = StopSignals { microphone.stop(); inbox.close() }
        try LiveStream.run(inbox, through: run.captioner, listeners: run.listeners) { event in
            run.deliver(event, deliveredSeconds: microphone.deliveredSeconds)
        }
        microphone.stop()
        _ = signals
        try run.finish()
        if let problem = gaveUp.value { throw problem }
    }
}

extension ListenSession {
    /// Captions what `--device` opened: one source, or the room and a call together.
    public func run(_ sources: ListeningSources, to sink: @escaping @Sendable (CaptionEvent) -> Void) throws {
        switch sources {
        case .one(let microphone): try run(microphone, to: sink)
        case .roomAndCall(let room, let call): try run(room: room, call: call, to: sink)
        }
    }

    /// Captions the room (`room`, a microphone) and a call on the computer (`call`, what an
    /// output plays) together into one conversation until Ctrl-C or SIGTERM, or until either
    /// source gives up (then both stop, and the one that gave up is the `MicrophoneProblem`).
    /// Each source runs its own pipeline on the same models (`RoomAndCallRun`); each line says
    /// where it was heard, and what the room's microphone hears of the call is dropped.
    public func run(room: MicrophoneInput, call: MicrophoneInput, to sink: @escaping @Sendable (CaptionEvent) -> Void) throws {
        let running = RunningCaptions.started(command: "ozen listen", model: settings.modelName, in: settings.home)
        defer { running.finished() }
        let run = try CaptionRun(settings: settings, command: "listen", inline: false, clock: { RealTimeClock() }, to: sink)
        let output = run.output, diagnostics = run.diagnostics
        let both = RoomAndCallRun(room: .init(source: .room, input: room, inbox: LiveAudioInbox(), pipeline: run.pipeline),
                                  call: .init(source: .call, input: call, inbox: LiveAudioInbox(), pipeline: try run.secondPipeline()),
                                  send: { output.send($0) })
        let signals = StopSignals { both.stop() }
        try both.run(status: { diagnostics.microphone($0) }) { captioner, delivered, event in
            diagnostics.update(from: captioner, deliveredSeconds: delivered, event: event)
        }
        _ = signals
        output.send(.status(.finished(lines: both.lines, audioSeconds: both.seconds), at: both.seconds))
        try run.finish()
        if let problem = both.problem { throw problem }
    }
}

/// The source's last word, once it gave up, kept for the end of the session.
private final class GaveUp: Sendable {
    private let stored = Mutex<MicrophoneProblem?>(nil)
    func set(_ problem: MicrophoneProblem) { stored.withLock { $0 = problem } }
    var value: MicrophoneProblem? { stored.withLock { $0 } }
}

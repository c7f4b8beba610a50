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
    /// Captions the room (`room`, a microphone) and a call on the computer (`call`, what an
    /// output plays) together into one conversation until Ctrl-C or SIGTERM, or until either
    /// source gives up (then both stop, and the one that gave up is the `MicrophoneProblem`).
    /// Each source runs its own pipeline on the same models, the call's on a thread of its own;
    /// `RoomAndCall` joins their events, says where each line was heard, and drops what the
    /// room's microphone hears of the call.
    public func run(room: MicrophoneInput, call: MicrophoneInput, to sink: @escaping @Sendable (CaptionEvent) -> Void) throws {
        let running = RunningCaptions.started(command: "ozen listen", model: settings.modelName, in: settings.home)
        defer { running.finished() }
        let run = try CaptionRun(settings: settings, command: "listen", inline: false, clock: { RealTimeClock() }, to: sink)
        let output = run.output, diagnostics = run.diagnostics
        let joined = JoinedSources(output: output)
        let roomSide = SourceSide(source: .room, input: room, pipeline: run.pipeline)
        let callSide = SourceSide(source: .call, input: call, pipeline: try run.secondPipeline())
        let sides = [roomSide, callSide]
        let gaveUp = GaveUp()
        let stopAll: @Sendable () -> Void = { for side in sides { side.stop() } }
        for side in sides {
            do {
                try side.input.start(into: side.inbox) { [input = side.input, source = side.source] status in
                    joined.pass(.status(status, at: input.deliveredSeconds), from: source)
                    diagnostics.microphone(status)
                    if case .failed(let reason, let action) = status {
                        gaveUp.set(MicrophoneProblem(reason: reason, action: action))
                        stopAll()
                    }
                }
            } catch {
                stopAll()
                throw MicrophoneProblem(reason: error.description, action: "")
            }
        }
        let signals = StopSignals { stopAll() }
        let threads = PipelineThreads()
        threads.start(name: "ozen-listen-call") {
            callSide.caption(diagnostics: diagnostics) { joined.pass($0, from: .call) }
            if let problem = callSide.problem { gaveUp.set(problem); stopAll() }
        }
        let ticking = StopFlag()
        threads.start(name: "ozen-listen-held-lines") {
            while !ticking.isSet {
                Thread.sleep(forTimeInterval: 0.25)
                joined.tick()
            }
        }
        roomSide.caption(diagnostics: diagnostics) { joined.pass($0, from: .room) }
        if let problem = roomSide.problem { gaveUp.set(problem) }
        stopAll()
        ticking.set()
        // The call's open line gets its final pass (a pass or two), and then its thread ends.
        if threads.waitUntilEnded(seconds: 60) > 0 {
            output.send(.status(.note(tr("קווי השיחה לא הסתיימו תוך 60 שניות; יוצאים בלעדיהם", "the call's pipeline did not end within 60 s; stopping without it")), at: 0))
        }
        joined.finish()
        _ = signals
        let lines = sides.map(\.pipeline.captioner.linesEmitted).reduce(0, +) - joined.echoLines
        let seconds = sides.map(\.pipeline.captioner.fedSeconds).max() ?? 0
        output.send(.status(.finished(lines: lines, audioSeconds: seconds), at: seconds))
        try run.finish()
        if let problem = gaveUp.value { throw problem }
    }
}

/// One of the two sources with its pipeline. `@unchecked Sendable`: it is handed to the
/// thread that runs it, and its pipeline (captioner and corrections, not thread-safe) is used
/// there only; `stop` touches only the input and the inbox, which are thread-safe, and the
/// counts are read after that thread has ended.
private final class SourceSide: @unchecked Sendable {
    let source: LineSource
    let input: MicrophoneInput
    let inbox = LiveAudioInbox()
    let pipeline: CaptionRun.Pipeline
    private(set) var problem: MicrophoneProblem?

    init(source: LineSource, input: MicrophoneInput, pipeline: CaptionRun.Pipeline) {
        self.source = source
        self.input = input
        self.pipeline = pipeline
    }

    func stop() {
        input.stop()
        inbox.close()
    }

    /// Runs the pipeline on what the source delivers until its inbox closes; each event,
    /// after the corrections, goes to `send` and into the diagnostics.
    func caption(diagnostics: DiagnosticsSession, send: (CaptionEvent) -> Void) {
        let captioner = pipeline.captioner, followers = pipeline.followers, input = self.input
        do {
            try LiveStream.run(inbox, through: captioner, listeners: pipeline.listeners) { event in
                CaptionFollowing.send(event, through: followers) { event in
                    send(event)
                    diagnostics.update(from: captioner, deliveredSeconds: input.deliveredSeconds, event: event)
                }
            }
        } catch {
            problem = MicrophoneProblem(reason: String(describing: error), action: "")
        }
    }
}

/// `RoomAndCall` behind a lock, on the wall clock: both sources' threads hand it their events,
/// and a third lets out the room lines it held (`tick`, four times a second). What it gives
/// back is sent under the same lock, so the joined events leave in the order they were made.
private final class JoinedSources: Sendable {
    private let joined = Mutex(RoomAndCall())
    private let output: EventFanOut
    private static var now: Double { ProcessInfo.processInfo.systemUptime }

    init(output: EventFanOut) { self.output = output }

    func pass(_ event: CaptionEvent, from source: LineSource) {
        joined.withLock { for event in $0.take(event, from: source, now: Self.now) { output.send(event) } }
    }
    func tick() { joined.withLock { for event in $0.tick(now: Self.now) { output.send(event) } } }
    func finish() { joined.withLock { for event in $0.finish(now: Self.now) { output.send(event) } } }
    var echoLines: Int { joined.withLock { $0.echoLines } }
}

/// Set once, read from another thread: the held-lines ticker's stop.
private final class StopFlag: Sendable {
    private let flag = Mutex(false)
    func set() { flag.withLock { $0 = true } }
    var isSet: Bool { flag.withLock { $0 } }
}

/// The source's last word, once it gave up, kept for the end of the session.
private final class GaveUp: @unchecked Sendable {
    private let lock = NSLock()
    private var stored: MicrophoneProblem?
    func set(_ problem: MicrophoneProblem) { lock.withLock { stored = problem } }
    var value: MicrophoneProblem? { lock.withLock { stored } }
}

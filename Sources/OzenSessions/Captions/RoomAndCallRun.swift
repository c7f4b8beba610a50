import Foundation
import OzenIO
import OzenKit
import Synchronization

/// The room and a call on the computer captioned together, as `ozen listen` and `ozen serve`
/// run them with `--device MIC --device computer`: each source's pipeline on a thread of its
/// own (the room's on the caller's), `RoomAndCall` joining their events on the wall clock, and
/// a third thread letting out the room lines it held. It ends when both sources have ended
/// (`stop`, or one of them giving up, which stops the other).
final class RoomAndCallRun: Sendable {
    /// One source, its inbox and its pipeline.
    struct Side {
        var source: LineSource
        var input: MicrophoneInput
        var inbox: LiveAudioInbox
        var pipeline: CaptionRun.Pipeline
    }

    private let room: SourceSide
    private let call: SourceSide
    private let joined: JoinedSources
    private let gaveUp = Mutex<MicrophoneProblem?>(nil)

    /// `send` gets every joined event, one at a time in the order they were made.
    init(room: Side, call: Side, send: @escaping @Sendable (CaptionEvent) -> Void) {
        self.room = SourceSide(room)
        self.call = SourceSide(call)
        joined = JoinedSources(send: send)
    }

    /// Both sources stop; their open lines get their final passes.
    func stop() {
        room.stop()
        call.stop()
    }

    /// Lines shown from both, without the call's echoes.
    var lines: Int { room.side.pipeline.captioner.linesEmitted + call.side.pipeline.captioner.linesEmitted - joined.echoLines }
    /// The longer source's audio.
    var seconds: Double { max(room.side.pipeline.captioner.fedSeconds, call.side.pipeline.captioner.fedSeconds) }
    /// The source that gave up or failed, if one did.
    var problem: MicrophoneProblem? { gaveUp.withLock { $0 } }

    /// Opens both sources and captions them until both end. `status` also gets each source's
    /// own news (the diagnostics keep it); `made` each event a pipeline made, with its
    /// captioner and how much audio its source has delivered (the diagnostics follow them).
    func run(status: @escaping @Sendable (CaptionStatus) -> Void = { _ in },
             made: @escaping @Sendable (LiveCaptioner, Double, CaptionEvent) -> Void = { _, _, _ in }) throws {
        for side in [room, call] {
            do {
                try side.side.input.start(into: side.side.inbox) { [self, input = side.side.input, source = side.side.source] news in
                    joined.pass(.status(news, at: input.deliveredSeconds), from: source)
                    status(news)
                    if case .failed(let reason, let action) = news {
                        gaveUp.withLock { $0 = $0 ?? MicrophoneProblem(reason: reason, action: action) }
                        stop()
                    }
                }
            } catch {
                stop()
                throw MicrophoneProblem(reason: error.description, action: "")
            }
        }
        let threads = PipelineThreads()
        threads.start(name: "ozen-call") { [self] in
            call.caption { source, captioner, delivered, e in made(captioner, delivered, e); joined.pass(e, from: source) }
            if let problem = call.problem { gaveUp.withLock { $0 = $0 ?? problem }; stop() }
        }
        let ticking = Mutex(true)
        threads.start(name: "ozen-held-lines") { [joined] in
            while ticking.withLock({ $0 }) {
                Thread.sleep(forTimeInterval: 0.25)
                joined.tick()
            }
        }
        room.caption { source, captioner, delivered, e in made(captioner, delivered, e); joined.pass(e, from: source) }
        if let problem = room.problem { gaveUp.withLock { $0 = $0 ?? problem } }
        stop()
        ticking.withLock { $0 = false }
        // The call's open line gets its final pass (a pass or two), and then its thread ends.
        if threads.waitUntilEnded(seconds: 60) > 0 {
            joined.pass(.status(.note(tr("הכתוביות של השיחה לא הסתיימו תוך 60 שניות; ממשיכים בלעדיהן",
                                         "the call's captions did not end within 60 s; going on without them")), at: seconds), from: .call)
        }
        joined.finish()
    }
}

/// One of the two sources with its pipeline. It is handed to the thread that runs it, and its
/// pipeline (captioner and what follows it, not thread-safe) is used there only; `stop` touches
/// only the input and the inbox, which are thread-safe, and the counts are read after that
/// thread has ended.
// @unchecked: its pipeline (not Sendable) is used only on the thread that runs it; `problem` is read after that thread ends.
private final class SourceSide: @unchecked Sendable {
    let side: RoomAndCallRun.Side
    private(set) var problem: MicrophoneProblem?

    init(_ side: RoomAndCallRun.Side) { self.side = side }

    func stop() {
        side.input.stop()
        side.inbox.close()
    }

    /// Runs the pipeline on what the source delivers until its inbox closes; each event,
    /// after what follows the lines, goes to `send`.
    func caption(send: (LineSource, LiveCaptioner, Double, CaptionEvent) -> Void) {
        let captioner = side.pipeline.captioner, followers = side.pipeline.followers, source = side.source, input = side.input
        do {
            try LiveStream.run(side.inbox, through: captioner, listeners: side.pipeline.listeners) { event in
                CaptionFollowing.send(event, through: followers) { send(source, captioner, input.deliveredSeconds, $0) }
            }
        } catch {
            problem = MicrophoneProblem(reason: String(describing: error), action: "")
        }
    }
}

/// `RoomAndCall` behind a lock, on the wall clock. What it gives back is sent under the same
/// lock, so the joined events leave in the order they were made.
private final class JoinedSources: Sendable {
    private let joined = Mutex(RoomAndCall())
    private let send: @Sendable (CaptionEvent) -> Void
    private static var now: Double { ProcessInfo.processInfo.systemUptime }

    init(send: @escaping @Sendable (CaptionEvent) -> Void) { self.send = send }

    func pass(_ event: CaptionEvent, from source: LineSource) {
        joined.withLock { for event in $0.take(event, from: source, now: Self.now) { send(event) } }
    }
    func tick() { joined.withLock { for event in $0.tick(now: Self.now) { send(event) } } }
    func finish() { joined.withLock { for event in $0.finish(now: Self.now) { send(event) } } }
    var echoLines: Int { joined.withLock { $0.echoLines } }
}

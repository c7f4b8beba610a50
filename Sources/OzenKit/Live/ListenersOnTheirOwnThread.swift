import Foundation

/// Audio listeners that must not wait behind the recognizer: the sound alerts. Heard on the
/// pipeline's thread, a doorbell rung while someone spoke waited for the Whisper pass under
/// way: on the wall clock of a live run its alert came 1.6 s after the window that raised it,
/// on this 2-core machine (`scripts/bench_sound_onset.py`). Here they hear the audio on a
/// thread of their own, as the source pushes it when there is an inbox (`hear(from:)`), and
/// what they raise goes straight to `send`, which must be safe from any thread (the session's
/// `EventFanOut`), not through the pipeline's followers, which never needed a sound. Live
/// sources only: a recording captioned on the steady clock keeps its listeners inline, so its
/// events are the same every run.
public final class ListenersOnTheirOwnThread: AudioListener, Sendable {
    private struct Queue {
        var pieces: [(samples: [Float], wide: [Float], start: Double)] = []
        var closed = false
        var finished = false
        /// Fed by an inbox's pushes (`hear(from:)`); the pipeline's own `hear` is then ignored.
        var fedByInbox = false
    }

    /// How long `finish` waits for the listeners to hear what is still queued.
    static let finishWithin = 10.0

    private let queue = WaitableMutex(Queue())

    /// The listeners `making` makes are made on the new thread and heard there, in order.
    public init(name: String = "ozen-sounds", send: @escaping @Sendable (CaptionEvent) -> Void,
                making: @escaping @Sendable () -> [any AudioListener]) {
        let queue = self.queue
        let thread = Thread {
            let listeners = making()
            while true {
                let (pieces, closed) = queue.withLock(for: { !$0.pieces.isEmpty || $0.closed }) { state in
                    let pieces = state.pieces
                    state.pieces.removeAll(keepingCapacity: true)
                    return (pieces, state.closed)
                }
                for piece in pieces {
                    for listener in listeners {
                        // A listener that fails stops hearing this piece; the captions go on.
                        try? listener.hear(piece.samples, wide: piece.wide, start: piece.start, emit: send)
                    }
                }
                if closed {
                    for listener in listeners { try? listener.finish(emit: send) }
                    break
                }
            }
            queue.withLock {
                $0.finished = true
                queue.broadcast()
            }
        }
        thread.name = name
        thread.start()
    }

    /// Queues the piece for the listeners' thread; `emit` is not used (their events go to `send`).
    public func hear(_ samples: [Float], start: Double, emit: (CaptionEvent) -> Void) throws {
        try hear(samples, wide: [], start: start, emit: emit)
    }

    public func hear(_ samples: [Float], wide: [Float], start: Double, emit: (CaptionEvent) -> Void) throws {
        Self.enqueue((samples, wide, start), into: queue, fromPipeline: true)
    }

    /// A piece for the thread, unless it has closed; the pipeline's pieces are not wanted once
    /// an inbox feeds it.
    private static func enqueue(_ piece: (samples: [Float], wide: [Float], start: Double), into queue: WaitableMutex<Queue>,
                                fromPipeline: Bool) {
        queue.withLock {
            guard !$0.closed, !(fromPipeline && $0.fedByInbox) else { return }
            $0.pieces.append(piece)
            queue.broadcast()
        }
    }

    /// Hears `inbox`'s audio as the source pushes it, not as the pipeline takes it: a pipeline
    /// busy with a pass takes nothing for a second or more, and the alerts waited that long
    /// (1.6 s on the wall clock of `scripts/bench_sound_onset.py`'s live run). The pipeline
    /// still calls `finish` at the stream's end.
    public func hear(from inbox: LiveAudioInbox) {
        let queue = self.queue
        queue.withLock { $0.fedByInbox = true }
        inbox.copy { samples, wide, start in Self.enqueue((samples, wide, start), into: queue, fromPipeline: false) }
    }

    /// The stream ended: the listeners hear what is queued and report what is pending, before
    /// the session says it has finished (waiting at most `finishWithin` seconds).
    public func finish(emit: (CaptionEvent) -> Void) throws {
        close()
        queue.withLock(waitingUntil: Date().addingTimeInterval(Self.finishWithin), for: { $0.finished }) { _ in }
    }

    private func close() {
        queue.withLock {
            $0.closed = true
            queue.broadcast()
        }
    }

    /// A pipeline abandoned without a finish (a client gone) ends the thread too.
    deinit { close() }
}

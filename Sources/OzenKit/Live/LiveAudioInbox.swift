import Foundation

/// Audio arriving live for one caption pipeline: pushed from any thread (a microphone's
/// callback, a WebSocket connection), taken by the one thread that runs the pipeline.
///
/// The microphone callback must never wait on the pipeline, so `push` only appends under a
/// lock. Nothing is dropped: if the pipeline falls behind, audio queues here and the live
/// passes skip ahead (the captioner never queues passes), so the queue drains again.
public final class LiveAudioInbox: Sendable {
    private struct State {
        var pending: [Float] = []
        /// The same audio at `wideRate`, when the source pushes it (a microphone).
        var pendingWide: [Float] = []
        var closed = false
        var abandoned = false
        var muted = false
        /// Samples pushed so far.
        var received = 0
        var copies: [Copy] = []
    }

    /// Gets every push as it comes, on the pusher's thread, with where it starts in the stream
    /// (seconds): what must hear the audio without waiting for the pipeline to take it.
    public typealias Copy = @Sendable (_ samples: [Float], _ wide: [Float], _ start: Double) -> Void

    private let state = WaitableMutex(State())
    /// The rate of the wide copy: EfficientAT's 32 kHz.
    public static let wideRate = 32_000
    /// Samples pushed so far (the stream's length in samples).
    public var received: Int { state.withLock { $0.received } }
    /// Cancelled when the inbox closes or is abandoned: the pipeline's `endOfAudio`.
    public let ended = PassCancellation()

    public init() {}

    /// Adds 16 kHz mono samples, and the same stretch at `wideRate` when the source had it.
    /// Ignored after `close()`; silence in their place while muted.
    public func push(_ samples: [Float], wide: [Float] = []) {
        state.withLock {
            guard !$0.closed, !samples.isEmpty else { return }
            let heard = $0.muted ? [Float](repeating: 0, count: samples.count) : samples
            let heardWide = $0.muted ? [Float](repeating: 0, count: wide.count) : wide
            for copy in $0.copies { copy(heard, heardWide, Double($0.received) / Double(MonoAudio.speechRate)) }
            $0.pending += heard
            $0.pendingWide += heardWide
            $0.received += samples.count
            state.broadcast()
        }
    }

    /// Every push from now on also goes to `copy` as it comes (the sound alerts' own thread,
    /// `ListenersOnTheirOwnThread.hear(from:)`), in order, before the pipeline takes it.
    public func copy(to copy: @escaping Copy) {
        state.withLock { $0.copies.append(copy) }
    }

    /// While the computer speaks for her (type to speak), what the microphone hears is its own
    /// voice: it is replaced by silence of the same length, so the captions do not caption it
    /// and the stream's times stay true.
    public func setMuted(_ isMuted: Bool) {
        state.withLock { $0.muted = isMuted }
    }

    /// No more audio will come: the pipeline finishes its open line and ends.
    public func close() {
        state.withLock {
            $0.closed = true
            state.broadcast()
        }
        ended.cancel()
    }

    /// The client went away without saying it was done: the pipeline stops without a final
    /// pass, since nobody is left to read it.
    public func abandon() {
        state.withLock {
            $0.closed = true
            $0.abandoned = true
            $0.pending.removeAll()
            $0.pendingWide.removeAll()
            state.broadcast()
        }
        ended.cancel()
    }

    public var isAbandoned: Bool { state.withLock { $0.abandoned } }

    public var isClosed: Bool { state.withLock { $0.closed } }

    /// Seconds of audio pushed and not yet taken by the pipeline.
    public var pendingSeconds: Double {
        state.withLock { Double($0.pending.count) / Double(MonoAudio.speechRate) }
    }

    /// Waits until the pipeline has taken enough that less than `seconds` of audio waits (or
    /// the inbox closed): how a client that sends faster than it speaks is held back.
    public func waitForRoom(belowSeconds seconds: Double) {
        let limit = Int(seconds * Double(MonoAudio.speechRate))
        state.withLock(for: { $0.pending.count < limit || $0.closed }) { _ in }
    }

    /// Everything pushed since the last take; waits up to `seconds` when nothing is there.
    /// `closed` is true once the inbox is closed and empty.
    /// `atMost`: take no more than that many samples; the rest waits for the next take.
    public func take(waitingUpTo seconds: Double, atMost limit: Int = .max) -> (samples: [Float], closed: Bool) {
        // Every broadcast but this one (from the one thread that takes) brings audio or the close.
        state.withLock(waitingUntil: Date().addingTimeInterval(seconds), for: { !$0.pending.isEmpty || $0.closed }) {
            let samples: [Float]
            if $0.pending.count <= limit {
                samples = $0.pending
                $0.pending.removeAll(keepingCapacity: true)
            } else {
                samples = Array($0.pending[..<limit])
                $0.pending.removeFirst(limit)
            }
            state.broadcast()  // a sender held back by `waitForRoom` may go on
            return (samples, $0.closed && samples.isEmpty)
        }
    }

    /// The wide copy of what the last `take` gave: at most `wideRate / 16 000` samples for
    /// each of its `count` samples (all of it when the inbox is closed). Empty when the source
    /// pushes none.
    public func takeWide(matching count: Int) -> [Float] {
        state.withLock {
            let limit = $0.closed ? $0.pendingWide.count : min($0.pendingWide.count, count * Self.wideRate / MonoAudio.speechRate)
            let wide = Array($0.pendingWide[..<limit])
            $0.pendingWide.removeFirst(limit)
            return wide
        }
    }
}

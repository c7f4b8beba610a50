import Foundation

/// Audio arriving live for one caption pipeline: pushed from any thread (a microphone's
/// callback, a WebSocket connection), taken by the one thread that runs the pipeline.
///
/// The microphone callback must never wait on the pipeline, so `push` only appends under a
/// lock. Nothing is dropped: if the pipeline falls behind, audio queues here and the live
/// passes skip ahead (the captioner never queues passes), so the queue drains again.
public final class LiveAudioInbox: @unchecked Sendable {
    private let condition = NSCondition()
    private var pending: [Float] = []
    /// The same audio at `wideRate`, when the source pushes it (a microphone).
    private var pendingWide: [Float] = []
    /// The rate of the wide copy: EfficientAT's 32 kHz.
    public static let wideRate = 32_000
    private var closed = false
    private var abandoned = false
    private var muted = false
    /// Samples pushed so far (the stream's length in samples).
    public private(set) var received = 0
    /// Cancelled when the inbox closes or is abandoned: the pipeline's `endOfAudio`.
    public let ended = PassCancellation()

    public init() {}

    /// Adds 16 kHz mono samples, and the same stretch at `wideRate` when the source had it.
    /// Ignored after `close()`; silence in their place while muted.
    public func push(_ samples: [Float], wide: [Float] = []) {
        condition.lock()
        defer { condition.unlock() }
        guard !closed, !samples.isEmpty else { return }
        pending += muted ? [Float](repeating: 0, count: samples.count) : samples
        pendingWide += muted ? [Float](repeating: 0, count: wide.count) : wide
        received += samples.count
        condition.broadcast()
    }

    /// While the computer speaks for her (type to speak), what the microphone hears is its own
    /// voice: it is replaced by silence of the same length, so the captions do not caption it
    /// and the stream's times stay true.
    public func setMuted(_ isMuted: Bool) {
        condition.lock()
        muted = isMuted
        condition.unlock()
    }

    /// No more audio will come: the pipeline finishes its open line and ends.
    public func close() {
        condition.lock()
        closed = true
        condition.broadcast()
        condition.unlock()
        ended.cancel()
    }

    /// The client went away without saying it was done: the pipeline stops without a final
    /// pass, since nobody is left to read it.
    public func abandon() {
        condition.lock()
        closed = true
        abandoned = true
        pending.removeAll()
        pendingWide.removeAll()
        condition.broadcast()
        condition.unlock()
        ended.cancel()
    }

    public var isAbandoned: Bool {
        condition.lock()
        defer { condition.unlock() }
        return abandoned
    }

    public var isClosed: Bool {
        condition.lock()
        defer { condition.unlock() }
        return closed
    }

    /// Seconds of audio pushed and not yet taken by the pipeline.
    public var pendingSeconds: Double {
        condition.lock()
        defer { condition.unlock() }
        return Double(pending.count) / Double(MonoAudio.speechRate)
    }

    /// Waits until the pipeline has taken enough that less than `seconds` of audio waits (or
    /// the inbox closed): how a client that sends faster than it speaks is held back.
    public func waitForRoom(belowSeconds seconds: Double) {
        condition.lock()
        defer { condition.unlock() }
        let limit = Int(seconds * Double(MonoAudio.speechRate))
        while pending.count >= limit && !closed { condition.wait() }
    }

    /// Everything pushed since the last take; waits up to `seconds` when nothing is there.
    /// `closed` is true once the inbox is closed and empty.
    /// `atMost`: take no more than that many samples; the rest waits for the next take.
    public func take(waitingUpTo seconds: Double, atMost limit: Int = .max) -> (samples: [Float], closed: Bool) {
        condition.lock()
        defer { condition.unlock() }
        if pending.isEmpty && !closed {
            _ = condition.wait(until: Date().addingTimeInterval(seconds))
        }
        let samples: [Float]
        if pending.count <= limit {
            samples = pending
            pending.removeAll(keepingCapacity: true)
        } else {
            samples = Array(pending[..<limit])
            pending.removeFirst(limit)
        }
        condition.broadcast()  // a sender held back by `waitForRoom` may go on
        return (samples, closed && samples.isEmpty)
    }

    /// The wide copy of what the last `take` gave: at most `wideRate / 16 000` samples for
    /// each of its `count` samples (all of it when the inbox is closed). Empty when the source
    /// pushes none.
    public func takeWide(matching count: Int) -> [Float] {
        condition.lock()
        defer { condition.unlock() }
        let limit = closed ? pendingWide.count : min(pendingWide.count, count * Self.wideRate / MonoAudio.speechRate)
        let wide = Array(pendingWide[..<limit])
        pendingWide.removeFirst(limit)
        return wide
    }
}

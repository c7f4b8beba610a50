import Foundation
import Synchronization

/// Tells a recognizer pass that is already running that its words are no longer wanted, so it
/// stops within one step of the encoder or decoder instead of running to its end.
///
/// What it is for: the audio ended (she tapped stop on a dictation take, a client said `end`)
/// while a live pass ran. That pass's words would only be replaced by the open utterance's
/// final pass, which had to wait behind it (`ozen bench dictate … --baseline` replays takes
/// with the pass left to run out, for the difference). Cancelled at a moment
/// (`cancel()`) or at a wall-clock deadline (a recording replayed in real time ends at a known
/// instant). A shared recognizer also cancels a live pass when another stream's final has to
/// wait for its place (`RecognizerSchedule`). Compared by identity.
public final class PassCancellation: Sendable, Equatable {
    private let cancelled = Mutex(false)
    private let deadline: ContinuousClock.Instant?
    private let parents: [PassCancellation]

    /// `deadline`: the moment it counts as cancelled by itself; nil: only `cancel()` does.
    /// `following`: also cancelled whenever one of these is (a shared recognizer's own reason
    /// added to the pipeline's).
    public init(at deadline: ContinuousClock.Instant? = nil, following parents: [PassCancellation?] = []) {
        self.deadline = deadline
        self.parents = parents.compactMap { $0 }
    }

    public func cancel() { cancelled.withLock { $0 = true } }

    public var isCancelled: Bool {
        if cancelled.withLock({ $0 }) { return true }
        if parents.contains(where: \.isCancelled) { return true }
        guard let deadline else { return false }
        return ContinuousClock.now >= deadline
    }

    public static func == (a: PassCancellation, b: PassCancellation) -> Bool { a === b }
}

/// A pass stopped by its `PassCancellation`: nothing was lost but words nobody needed.
public struct PassCancelled: Error, Sendable {
    public init() {}
}

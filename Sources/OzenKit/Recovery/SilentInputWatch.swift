/// Notices a microphone that has stopped working without saying so: for `limit` seconds it
/// delivered nothing at all, or only samples that are exactly zero.
///
/// A working microphone is never exactly zero for long: even in a quiet room its noise floor
/// moves the lowest bits (no 100 ms piece of the JFK and LibriVox recordings, pauses
/// included, trips the watch: SilentInputWatchTests). A muted or stuck one is exactly zero,
/// and a stream that lost its device stops calling back. Three seconds is many callback
/// periods long, so a loaded machine's late callback is not mistaken for a dead stream, and
/// short enough that she loses a sentence, not a conversation.
public struct SilentInputWatch: Sendable, Equatable {
    public enum Finding: Sendable, Equatable {
        /// No audio arrived for this many seconds.
        case nothingArrived(seconds: Double)
        /// Audio arrived, but every sample was exactly zero, for this many seconds.
        case onlyZeros(seconds: Double)
    }

    /// Seconds of nothing, or of zeros, that count as a stopped microphone.
    public let limit: Double
    /// Exact zeros are ordinary here: a monitor of what the computer plays is zeros while
    /// nothing plays, so only audio that stops arriving counts.
    public let zerosMeanQuiet: Bool
    private var lastArrival: Double
    private var lastSound: Double

    public static let defaultLimit = 3.0

    /// Starts watching at `time` (when the stream was opened).
    public init(limit: Double = defaultLimit, startingAt time: Double, zerosMeanQuiet: Bool = false) {
        self.limit = limit
        self.zerosMeanQuiet = zerosMeanQuiet
        lastArrival = time
        lastSound = time
    }

    /// Audio arrived at `time`.
    public mutating func heard<C: Collection>(_ samples: C, at time: Double) where C.Element == Float {
        guard !samples.isEmpty else { return }
        lastArrival = max(lastArrival, time)
        if samples.contains(where: { $0 != 0 }) { lastSound = max(lastSound, time) }
    }

    /// What is wrong at `time`, if anything.
    public func finding(at time: Double) -> Finding? {
        if time - lastArrival >= limit { return .nothingArrived(seconds: time - lastArrival) }
        if !zerosMeanQuiet, time - lastSound >= limit { return .onlyZeros(seconds: time - lastSound) }
        return nil
    }
}

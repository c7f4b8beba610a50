import Foundation

/// When cloud captions ask the cloud, and what she is told when it fails: each closed line's
/// audio is sent while the cloud answers; a line whose answer fails or comes later than
/// the wait (`wait(afterLocalTook:)`) keeps this computer's own final (decoded meanwhile, so nothing waits twice).
/// After three failures in a row the cloud is left alone for 30 s, then 60, 120, up to 5 min,
/// and tried again by itself; the first answer after that says it is back.
public struct CloudFallback: Sendable, Equatable {
    /// A line waits for the cloud at least this long after its audio was sent (a base final
    /// here takes 1–2 s, measured by `ozen bench accuracy`; a short line's request to a cloud
    /// endpoint about as long).
    public static let shortestWait = 3.0
    /// Beyond the local final's own time, a long line waits this much more for the cloud: a
    /// long utterance takes the cloud longer too.
    public static let graceAfterLocal = 1.5

    /// Seconds still to wait for the cloud once this computer's final took `localSeconds`.
    public static func wait(afterLocalTook localSeconds: Double) -> Double {
        max(0, max(shortestWait, localSeconds + graceAfterLocal) - localSeconds)
    }

    public enum Note: Sendable, Equatable {
        /// This line is this computer's; the cloud failed for `reason`.
        case fellBack(reason: String)
        /// Too many failures in a row: the cloud is not asked for `seconds`.
        case paused(seconds: Double, reason: String)
        /// The cloud answers again.
        case back

        public var text: String {
            switch self {
            case .fellBack(let reason):
                return tr("הכתוביות בענן לא ענו (\(reason)): השורה הזו מהמחשב הזה", "cloud captions failed (\(reason)): this line is from this computer")
            case .paused(let seconds, let reason):
                return tr("הכתוביות בענן נכשלו שוב ושוב (\(reason)): \(Int(seconds)) שנ׳ השורות מהמחשב הזה, ואז ננסה שוב",
                          "cloud captions failed again and again (\(reason)): lines come from this computer for \(Int(seconds)) s, then the cloud is tried again")
            case .back:
                return tr("הכתוביות בענן חזרו לעבוד", "cloud captions work again")
            }
        }
    }

    public var failuresBeforePause = 3
    public var firstPause = 30.0
    public var longestPause = 300.0
    public private(set) var failuresInARow = 0
    public private(set) var pausesInARow = 0
    public private(set) var pausedUntil: Double?

    public init() {}

    /// Whether the line closing at `now` goes to the cloud.
    public func shouldAsk(now: Double) -> Bool { pausedUntil.map { now >= $0 } ?? true }

    public mutating func succeeded() -> Note? {
        defer { failuresInARow = 0; pausesInARow = 0; pausedUntil = nil }
        return failuresInARow > 0 || pausesInARow > 0 ? .back : nil
    }

    public mutating func failed(reason: String, now: Double) -> Note {
        failuresInARow += 1
        // A failure right after a pause pauses again, for longer.
        guard failuresInARow >= failuresBeforePause || pausesInARow > 0 else { return .fellBack(reason: reason) }
        let pause = min(longestPause, firstPause * pow(2, Double(pausesInARow)))
        pausesInARow += 1
        failuresInARow = 0
        pausedUntil = now + pause
        return .paused(seconds: pause, reason: reason)
    }
}

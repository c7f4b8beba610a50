/// How long to wait before trying a failed part again (a microphone stream, an engine, a
/// connection): 1, 2, 4, 8, 16, 32, then every 60 s.
///
/// Doubling from 1 s brings back a part that hiccuped within a second, while one that keeps
/// failing costs a retry a minute at most: a minute is the longest a person at the table
/// should wait to see captions come back on their own. The "retrying in 8 s" status tells
/// her which of the two it is.
public struct RetrySchedule: Sendable, Equatable {
    /// Seconds before the first retry.
    public var firstDelay: Double
    /// Seconds the delay grows to and then stays at.
    public var longestDelay: Double
    /// Seconds a part must work again before a new failure starts from `firstDelay`.
    public var healthyAfter: Double

    public static let `default` = RetrySchedule(firstDelay: 1, longestDelay: 60, healthyAfter: 30)

    public init(firstDelay: Double, longestDelay: Double, healthyAfter: Double) {
        precondition(firstDelay > 0 && longestDelay >= firstDelay, "delays must be positive and grow")
        self.firstDelay = firstDelay
        self.longestDelay = longestDelay
        self.healthyAfter = healthyAfter
    }

    /// Seconds to wait after the `failure`-th failure in a row (1 for the first).
    public func delay(afterFailure failure: Int) -> Double {
        let doublings = max(0, failure - 1)
        // 2^doublings overflows nothing: past 64 doublings the cap has long been reached.
        guard doublings < 64 else { return longestDelay }
        return min(longestDelay, firstDelay * Double(UInt64(1) << UInt64(doublings)))
    }
}

/// Counts the failures in a row of one part and says how long to wait before the next try;
/// once the part has worked for `RetrySchedule.healthyAfter` seconds the count starts over.
///
/// Times are seconds on any clock that only moves forward, so tests drive it by hand.
public struct RetryBackoff: Sendable, Equatable {
    public let schedule: RetrySchedule
    /// Failures since the part last worked for long enough.
    public private(set) var failuresInARow = 0
    private var workingSince: Double?

    public init(schedule: RetrySchedule = .default) {
        self.schedule = schedule
    }

    /// The part failed at `time`: the seconds to wait before trying it again.
    public mutating func failed(at time: Double) -> Double {
        if let since = workingSince, time - since >= schedule.healthyAfter { failuresInARow = 0 }
        workingSince = nil
        failuresInARow += 1
        return schedule.delay(afterFailure: failuresInARow)
    }

    /// The part is working (again) as of `time`.
    public mutating func working(at time: Double) {
        if workingSince == nil { workingSince = time }
        if let since = workingSince, time - since >= schedule.healthyAfter { failuresInARow = 0 }
    }
}

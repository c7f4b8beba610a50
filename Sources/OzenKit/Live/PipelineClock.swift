import Foundation

/// The time the live pipeline runs on. Real time paces a recording (or a microphone) as it
/// is spoken; the audio clock replays as fast as the CPU allows while charging every pass's
/// measured cost to the clock, so the events' `at` times show the latency a listener would
/// have had without waiting for it.
public protocol PipelineClock: AnyObject {
    /// Seconds since the pipeline started.
    var now: Double { get }
    /// Lets time pass until `time` (sleeps in real time; jumps on the audio clock).
    func wait(until time: Double)
    /// Accounts for `seconds` of work just done (real time has already spent them).
    func charge(_ seconds: Double)
}

public final class RealTimeClock: PipelineClock {
    private let start = ContinuousClock.now
    public init() {}
    public var now: Double { Self.seconds(ContinuousClock.now - start) }
    public func wait(until time: Double) {
        let remaining = time - now
        if remaining > 0 { Thread.sleep(forTimeInterval: remaining) }
    }
    public func charge(_ seconds: Double) {}
    static func seconds(_ d: Duration) -> Double {
        Double(d.components.seconds) + Double(d.components.attoseconds) / 1e18
    }
}

public final class AudioClock: PipelineClock {
    public private(set) var now: Double = 0
    public init() {}
    public func wait(until time: Double) { now = max(now, time) }
    public func charge(_ seconds: Double) { now += seconds }
}

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
    /// The wall-clock instant at which `now` reads `seconds`.
    public func instant(at seconds: Double) -> ContinuousClock.Instant { start + .milliseconds(Int((seconds * 1000).rounded())) }
    public static func seconds(_ d: Duration) -> Double {
        Double(d.components.seconds) + Double(d.components.attoseconds) / 1e18
    }
}

public final class AudioClock: PipelineClock {
    public private(set) var now: Double = 0
    public init() {}
    public func wait(until time: Double) { now = max(now, time) }
    public func charge(_ seconds: Double) { now += seconds }
}

/// The audio clock of `ozen caption FILE` and the tests: every charge counts as one fixed cost
/// instead of the time the work really took, so the same recording is cut the same way on every
/// run, however busy the machine (with measured costs `ozen caption FILE` printed different
/// lines on every run). With measured costs, the live-pipeline tests failed now and then, a different one
/// each run, once the browser, server and sound suites ran beside them (lines cut a few
/// hundred milliseconds apart decode differently). 0.5 s is a Whisper base pass on this machine
/// when it is busy.
public final class SteadyCostClock: PipelineClock {
    public private(set) var now: Double = 0
    public let costPerCharge: Double
    public init(costPerCharge: Double = 0.45) { self.costPerCharge = costPerCharge }
    public func wait(until time: Double) { now = max(now, time) }
    public func charge(_ seconds: Double) { if seconds > 0 { now += costPerCharge } }
}


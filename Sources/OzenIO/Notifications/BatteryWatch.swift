import Foundation
import OzenKit
import Synchronization

/// Reads the battery every minute while captions run and hands `BatteryWarning`'s notices to
/// the notifier. A minute: a laptop loses about 1 % in that time under caption load, so a
/// level is never skipped by more than that.
public final class BatteryWatch: Sendable {
    public static let intervalSeconds = 60.0

    private let supplies: PowerSupplies
    private let notify: @Sendable (NoticeAction) -> Void
    private let warning = Mutex(BatteryWarning())
    /// Whether `stop` was called; the watching thread waits on it between readings.
    private let stopping = WaitableMutex(false)

    public init(supplies: PowerSupplies = PowerSupplies(), notify: @escaping @Sendable (NoticeAction) -> Void) {
        self.supplies = supplies
        self.notify = notify
    }

    /// Reads the battery once; returns the notice it raised, if any.
    @discardableResult
    public func check() -> DesktopNotice? {
        guard let battery = supplies.battery() else { return nil }
        let notice = warning.withLock { $0.observe(percent: battery.percent, discharging: battery.discharging) }
        if let notice { notify(.show(notice)) }
        return notice
    }

    /// Checks now and then every `intervalSeconds` until `stop()`.
    public func start(intervalSeconds: Double = BatteryWatch.intervalSeconds) {
        let thread = Thread { [self] in
            while true {
                check()
                // Only `stop` broadcasts: the wait ends at the interval's end or at the stop.
                let done = stopping.withLock(waitingUntil: Date().addingTimeInterval(intervalSeconds), for: { $0 }) { $0 }
                if done { return }
            }
        }
        thread.name = "ozen.battery"
        thread.start()
    }

    public func stop() {
        stopping.withLock {
            $0 = true
            stopping.broadcast()
        }
    }
}

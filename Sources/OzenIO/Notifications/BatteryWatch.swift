import Foundation
import OzenKit

/// Reads the battery every minute while captions run and hands `BatteryWarning`'s notices to
/// the notifier. A minute: a laptop loses about 1 % in that time under caption load, so a
/// level is never skipped by more than that.
public final class BatteryWatch: @unchecked Sendable {
    public static let intervalSeconds = 60.0

    private let supplies: PowerSupplies
    private let notify: @Sendable (NoticeAction) -> Void
    private let lock = NSLock()
    private var warning = BatteryWarning()
    private var thread: Thread?
    private let stopped = NSCondition()
    private var stopping = false

    public init(supplies: PowerSupplies = PowerSupplies(), notify: @escaping @Sendable (NoticeAction) -> Void) {
        self.supplies = supplies
        self.notify = notify
    }

    /// Reads the battery once; returns the notice it raised, if any.
    @discardableResult
    public func check() -> DesktopNotice? {
        guard let battery = supplies.battery() else { return nil }
        lock.lock()
        let notice = warning.observe(percent: battery.percent, discharging: battery.discharging)
        lock.unlock()
        if let notice { notify(.show(notice)) }
        return notice
    }

    /// Checks now and then every `intervalSeconds` until `stop()`.
    public func start(intervalSeconds: Double = BatteryWatch.intervalSeconds) {
        let thread = Thread { [self] in
            while true {
                check()
                stopped.lock()
                if !stopping { _ = stopped.wait(until: Date().addingTimeInterval(intervalSeconds)) }
                let done = stopping
                stopped.unlock()
                if done { return }
            }
        }
        thread.name = "ozen.battery"
        self.thread = thread
        thread.start()
    }

    public func stop() {
        stopped.lock()
        stopping = true
        stopped.broadcast()
        stopped.unlock()
    }
}

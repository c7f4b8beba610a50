import Foundation
import OzenKit
import Synchronization

/// Desktop notifications for a captioning session: every caption event goes through
/// `CaptionNotices` (sounds, keywords, captions stopped and back) and the battery is watched
/// while it runs. `ozen caption --notify` and the live commands use it the same way.
public final class CaptionNotifications: Sendable {
    public let notifier: DesktopNotifier
    private let notices = Mutex(CaptionNotices())
    private let battery: BatteryWatch?

    /// `report` receives the one line that says notifications cannot be shown.
    public init(supplies: PowerSupplies? = PowerSupplies(), report: @escaping @Sendable (String) -> Void) {
        let notifier = DesktopNotifier(report: report)
        self.notifier = notifier
        battery = supplies.map { supplies in BatteryWatch(supplies: supplies) { notifier.perform($0) } }
        battery?.start()
    }

    public func handle(_ event: CaptionEvent) {
        let actions = notices.withLock { $0.actions(for: event) }
        for action in actions { notifier.perform(action) }
    }

    /// Stops watching the battery and waits for the notices handed over to be tried.
    public func close() {
        battery?.stop()
        notifier.flush()
    }
}

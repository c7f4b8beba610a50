import CNotify
import Foundation
import OzenKit

/// Shows and withdraws desktop notifications through libnotify (the freedesktop notification
/// service on the session D-Bus: GNOME Shell, KDE Plasma, dunst, mako, …).
///
/// Every call goes to one serial queue of its own: a D-Bus round trip takes a few
/// milliseconds, but a hung notification service could hold it for libnotify's 25 s timeout,
/// and the captions must never wait on that. When no notification service answers, that is
/// said once through `report` and the captions go on; a service that appears later is used.
// @unchecked: its libnotify and D-Bus pointers and flags are touched only on its serial `queue` (and in deinit).
public final class DesktopNotifier: @unchecked Sendable {
    private let queue = DispatchQueue(label: "ozen.desktop-notifier")
    private let appName: String
    private let report: @Sendable (String) -> Void
    // Touched only on `queue`.
    private var initialised = false
    private var reported = false
    private var shown: [String: UnsafeMutablePointer<NotifyNotification>] = [:]
    private var delivered = 0
    /// The session bus libnotify talks over, held so that a bus that goes away (a desktop
    /// session restarting) does not take Ozen with it: GLib's default is to exit the process.
    private var bus: OpaquePointer?

    /// `report` receives the one line that says notifications cannot be shown.
    public init(appName: String = "Ozen", report: @escaping @Sendable (String) -> Void) {
        self.appName = appName
        self.report = report
    }

    // Every queued action holds the notifier, so when this runs none is pending.
    deinit {
        for notification in shown.values { g_object_unref(UnsafeMutableRawPointer(notification)) }
        if let bus { g_object_unref(UnsafeMutableRawPointer(bus)) }
    }

    /// Hands the action over and returns at once.
    public func perform(_ action: NoticeAction) {
        queue.async { self.run(action) }
    }

    /// Waits until every action handed over so far has been tried; returns how many notices
    /// the service accepted in all.
    @discardableResult
    public func flush() -> Int { queue.sync { delivered } }

    private func run(_ action: NoticeAction) {
        if !initialised {
            if bus == nil {
                var error: UnsafeMutablePointer<GError>?
                if let connection = g_bus_get_sync(G_BUS_TYPE_SESSION, nil, &error) {
                    g_dbus_connection_set_exit_on_close(connection, 0)
                    bus = connection
                } else {
                    return unavailable(Self.message(error))
                }
            }
            initialised = notify_init(appName) != 0
            guard initialised else { return unavailable(tr("libnotify לא נפתח", "libnotify could not start")) }
        }
        followTheBus()
        switch action {
        case .show(let notice):
            let notification: UnsafeMutablePointer<NotifyNotification>
            if let existing = shown[notice.key] {
                // The same key replaces its notice on screen instead of stacking a second one.
                notify_notification_update(existing, notice.title, notice.body, nil)
                notification = existing
            } else {
                notification = notify_notification_new(notice.title, notice.body, nil)
                shown[notice.key] = notification
            }
            notify_notification_set_urgency(notification, Self.urgency(notice.urgency))
            notify_notification_set_hint_string(notification, "x-ozen-key", notice.key)
            var error: UnsafeMutablePointer<GError>?
            if notify_notification_show(notification, &error) != 0 {
                delivered += 1
            } else {
                // The service may have just changed hands: once more, after hearing of it.
                let first = Self.message(error)
                followTheBus()
                var again: UnsafeMutablePointer<GError>?
                if notify_notification_show(notification, &again) != 0 {
                    delivered += 1
                } else {
                    g_clear_error(&again)
                    unavailable(first)
                }
            }
        case .withdraw(let key):
            guard let notification = shown.removeValue(forKey: key) else { return }
            var error: UnsafeMutablePointer<GError>?
            if notify_notification_close(notification, &error) == 0 { unavailable(Self.message(error)) }
            g_object_unref(UnsafeMutableRawPointer(notification))
        }
    }

    /// Lets GLib deliver what the bus said meanwhile (a notification service that started,
    /// stopped or was replaced), so libnotify's connection to it follows. Nothing else in Ozen
    /// runs GLib's main loop; this queue is the only one that turns it.
    private func followTheBus() {
        var turns = 0
        while g_main_context_iteration(nil, 0) != 0 && turns < 100 { turns += 1 }
    }

    private func unavailable(_ why: String) {
        guard !reported else { return }
        reported = true
        report(tr("אין שירות התראות שולחן עבודה (\(why)) — התראות על צלילים ומילים יופיעו רק בכתוביות",
                  "no desktop notification service is running (\(why)) — sound and word alerts show only in the captions"))
    }

    private static func message(_ error: UnsafeMutablePointer<GError>?) -> String {
        guard let error else { return "?" }
        defer { g_error_free(error) }
        return error.pointee.message.map { String(cString: $0) } ?? "?"
    }

    private static func urgency(_ urgency: DesktopNotice.Urgency) -> NotifyUrgency {
        switch urgency {
        case .low: return NOTIFY_URGENCY_LOW
        case .normal: return NOTIFY_URGENCY_NORMAL
        case .critical: return NOTIFY_URGENCY_CRITICAL
        }
    }
}

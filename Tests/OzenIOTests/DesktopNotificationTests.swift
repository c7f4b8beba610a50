import Foundation
import OzenIO
import OzenKit
import Testing

/// Desktop notifications really travel over D-Bus to a notification service: a private session
/// bus and a recording notification server stand in for her desktop (`PrivateSessionBus`).
@Suite(.serialized) struct DesktopNotificationTests {
    let bus = PrivateSessionBus.shared

    final class Reports: @unchecked Sendable {
        private let lock = NSLock()
        private var lines: [String] = []
        func add(_ line: String) { lock.withLock { lines.append(line) } }
        var all: [String] { lock.withLock { lines } }
    }

    static let doorbell = SoundAlertEvent(at: 12.5, kind: "doorbell", className: "Ding-dong", score: 0.8,
                                          priority: 2, start: 11.0, end: 12.5)
    static let smoke = SoundAlertEvent(at: 40, kind: "alarm", className: "Smoke detector, smoke alarm",
                                       score: 0.6, priority: 3, start: 38.6, end: 40)

    @Test func soundsAndWordsReachTheNotificationService() throws {
        let server = try PrivateSessionBus.NotificationServer(bus: bus)
        defer { server.stop() }
        let reports = Reports()
        let notifications = CaptionNotifications(supplies: nil) { reports.add($0) }
        notifications.handle(.sound(Self.doorbell))
        // Rung again 10 s later: the same doorbell, no second notification.
        var again = Self.doorbell
        again.at += 10
        notifications.handle(.sound(again))
        notifications.handle(.sound(Self.smoke))
        notifications.handle(.alert(KeywordAlertEvent(at: 41, lineID: 3, word: "Ruth", range: TextRange(start: 0, end: 4), said: "Ruth")))
        notifications.handle(.line(CaptionLine(id: 4, text: "hello", start: 41, end: 42, final: true, confidence: 0.9,
                                                 uncertain: false, language: "en"), at: 42))
        notifications.close()

        let calls = server.waitForCalls(3)
        #expect(reports.all.isEmpty, "\(reports.all)")
        #expect(calls.count == 3, "\(calls)")
        guard calls.count == 3 else { return }
        #expect(calls.allSatisfy { $0["method"] as? String == "Notify" && $0["app"] as? String == "Ozen" })
        #expect(calls[0]["key"] as? String == "sound:doorbell" && (calls[0]["summary"] as? String ?? "").contains("doorbell"))
        #expect(calls[0]["urgency"] as? Int == 1 && (calls[0]["body"] as? String ?? "").contains("Ding-dong"))
        // A danger is critical: it stays on screen until she dismisses it.
        #expect(calls[1]["key"] as? String == "sound:alarm" && calls[1]["urgency"] as? Int == 2)
        #expect(calls[2]["key"] as? String == "word:Ruth" && (calls[2]["summary"] as? String ?? "").contains("Ruth"))
    }

    @Test func stoppedCaptionsNotifyOnceAndAreWithdrawnWhenBack() throws {
        let server = try PrivateSessionBus.NotificationServer(bus: bus)
        defer { server.stop() }
        let reports = Reports()
        let notifications = CaptionNotifications(supplies: nil) { reports.add($0) }
        let failed = CaptionEvent.status(.failed(reason: "the microphone was unplugged", action: "plug it in again"), at: 60)
        notifications.handle(failed)
        notifications.handle(failed)
        notifications.handle(.status(.listening, at: 75))
        notifications.close()

        let calls = server.waitForCalls(2)
        #expect(calls.count == 2, "\(calls)")
        guard calls.count == 2 else { return }
        #expect(calls[0]["method"] as? String == "Notify" && calls[0]["key"] as? String == CaptionNotices.stoppedKey)
        #expect((calls[0]["body"] as? String ?? "").contains("microphone was unplugged") && calls[0]["urgency"] as? Int == 2)
        #expect(calls[1]["method"] as? String == "CloseNotification" && calls[1]["id"] as? Int == calls[0]["id"] as? Int)
        #expect(reports.all.isEmpty)
    }

    @Test func lowBatteryWhileCaptionsRun() throws {
        let server = try PrivateSessionBus.NotificationServer(bus: bus)
        defer { server.stop() }
        let battery = try BatteryFolder(percent: 18, status: "Discharging")
        defer { battery.remove() }
        let notifications = CaptionNotifications(supplies: PowerSupplies(root: battery.root.path)) { _ in }
        notifications.close()
        let calls = server.waitForCalls(1)
        #expect(calls.count == 1 && calls.first?["key"] as? String == "battery", "\(calls)")
        #expect((calls.first?["summary"] as? String ?? "").contains("18%"))
    }

    @Test func noServiceIsSaidOnceAndNothingStops() throws {
        // The bus is there but nobody provides notifications yet.
        let reports = Reports()
        let notifier = DesktopNotifier { reports.add($0) }
        for n in 0..<3 {
            notifier.perform(.show(DesktopNotice(key: "sound:dog", title: "dog \(n)", body: "Bark", urgency: .low)))
        }
        #expect(notifier.flush() == 0)
        #expect(reports.all.count == 1, "\(reports.all)")
        #expect(reports.all.first?.contains("no desktop notification service") == true)

        // A service that starts later is used.
        let server = try PrivateSessionBus.NotificationServer(bus: bus)
        defer { server.stop() }
        notifier.perform(.show(DesktopNotice(key: "sound:dog", title: "dog 3", body: "Bark", urgency: .low)))
        #expect(notifier.flush() == 1)
        let calls = server.waitForCalls(1)
        #expect(calls.first?["summary"] as? String == "dog 3" && calls.first?["urgency"] as? Int == 0, "\(calls)")
        #expect(reports.all.count == 1)
    }
}

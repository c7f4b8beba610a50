import OzenKit
import Testing

/// What reaches her desktop and how often: one notice per sound kind or keyword every 30 s,
/// one when captions stop (withdrawn when they are back), battery at 20 % and 10 %.
@Suite struct NotificationPolicyTests {
    func sound(_ kind: String, at: Double, priority: Int = 2) -> CaptionEvent {
        .sound(SoundAlertEvent(at: at, kind: kind, className: "Doorbell", score: 0.7, priority: priority, start: at - 1.5, end: at))
    }

    func shownKeys(_ actions: [NoticeAction]) -> [String] {
        actions.compactMap { if case .show(let notice) = $0 { return notice.key } else { return nil } }
    }

    @Test func throttleAllowsOncePerThirtySecondsPerKey() {
        var throttle = NotificationThrottle()
        // A new stream whose clock starts again (2 s) is not held back by the old one.
        let asked: [(String, Double)] = [("sound:doorbell", 100), ("sound:doorbell", 110), ("sound:dog", 110),
                                         ("sound:doorbell", 129.9), ("sound:doorbell", 130), ("sound:doorbell", 2)]
        let allowed = asked.map { throttle.allows($0.0, at: $0.1) }
        #expect(allowed == [true, false, true, false, true, true])
    }

    @Test func soundsAndWordsAreThrottledEachOnItsOwn() {
        var notices = CaptionNotices()
        var keys: [String] = []
        for event in [sound("doorbell", at: 10), sound("doorbell", at: 14), sound("phone", at: 15),
                      .alert(KeywordAlertEvent(at: 16, lineID: 1, word: "Ruth", range: TextRange(start: 0, end: 4), said: "Ruth")),
                      .alert(KeywordAlertEvent(at: 30, lineID: 2, word: "Ruth", range: TextRange(start: 0, end: 4), said: "Ruth")),
                      sound("doorbell", at: 41), sound("alarm", at: 42, priority: 3), sound("alarm", at: 72, priority: 3)] {
            keys += shownKeys(notices.actions(for: event))
        }
        #expect(keys == ["sound:doorbell", "sound:phone", "word:Ruth", "sound:doorbell", "sound:alarm", "sound:alarm"])
    }

    @Test func dangersAreCriticalAndSaySo() {
        var notices = CaptionNotices()
        let actions = notices.actions(for: sound("alarm", at: 5, priority: 3))
        guard case .show(let notice) = actions.first else { Issue.record("no notice"); return }
        #expect(notice.urgency == .critical)
        #expect(notice.title.contains("🚨"))
    }

    @Test func stoppedCaptionsNotifyOnceUntilTheyAreBack() {
        var notices = CaptionNotices()
        let failed = CaptionEvent.status(.failed(reason: "the microphone was unplugged", action: "plug it in"), at: 5)
        #expect(notices.actions(for: .status(.listening, at: 0)).isEmpty)
        #expect(shownKeys(notices.actions(for: failed)) == [CaptionNotices.stoppedKey])
        #expect(notices.actions(for: failed).isEmpty)
        #expect(notices.actions(for: .status(.listening, at: 9)) == [.withdraw(key: CaptionNotices.stoppedKey)])
        #expect(notices.actions(for: .status(.listening, at: 10)).isEmpty)
        #expect(shownKeys(notices.actions(for: failed)) == [CaptionNotices.stoppedKey])
    }

    @Test func batteryWarnsAtTwentyAndTenOnceEachWhileDischarging() {
        var warning = BatteryWarning()
        let readings: [(Int, Bool)] = [(60, true), (21, true), (20, true), (19, true), (15, true), (10, true), (8, true),
                                       (8, false), (25, false), (14, true), (13, true), (3, true)]
        var warned: [Int] = []
        for (percent, discharging) in readings where warning.observe(percent: percent, discharging: discharging) != nil {
            warned.append(percent)
        }
        // After charging, 14 % is below 20 %: one warning, then 10 % still to come (at 3 %).
        #expect(warned == [20, 10, 14, 3])
        var fresh = BatteryWarning()
        #expect(fresh.observe(percent: 9, discharging: true)?.urgency == .critical)
        #expect(fresh.observe(percent: 5, discharging: true) == nil)
    }
}

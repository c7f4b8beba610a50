/// Turns caption events into desktop notifications for when nobody looks at the screen:
/// sounds and keywords (throttled per kind or word, `NotificationThrottle`), one notice when the
/// captions stop and will not come back by themselves (a `failed` status; one that is being
/// tried again comes back by itself and does not notify), withdrawn as soon as they are back
/// (`listening` again). Lines and partials never notify: they are on the screen.
public struct CaptionNotices: Sendable {
    public static let stoppedKey = "captions-stopped"

    private var throttle: NotificationThrottle
    private var stoppedShown = false

    public init(throttle: NotificationThrottle = NotificationThrottle()) {
        self.throttle = throttle
    }

    /// What `event` asks of the desktop. Time is the event's `at`: the stream's clock, which
    /// is the wall clock for a microphone and the replayed audio's for a recording.
    public mutating func actions(for event: CaptionEvent) -> [NoticeAction] {
        switch event {
        case .sound(let sound):
            // Each taught sound is its own key, as each kind is.
            let key = "sound:" + sound.kind + (sound.kind == TaughtSound.eventKind ? ":" + sound.className : "")
            guard throttle.allows(key, at: sound.at) else { return [] }
            let shown = sound.shown
            let danger = sound.priority >= 3
            return [.show(DesktopNotice(key: key, title: danger ? "🚨 " + shown : "🔔 " + shown,
                                        body: tr("Ozen שמע: \(sound.className)", "Ozen heard: \(sound.className)"),
                                        urgency: danger ? .critical : .normal))]
        case .alert(let alert):
            let key = "word:" + alert.word
            guard throttle.allows(key, at: alert.at) else { return [] }
            return [.show(DesktopNotice(key: key, title: tr("נאמר: \(alert.word)", "Said: \(alert.word)"),
                                        body: "«\(alert.said)»", urgency: .normal))]
        case .status(.failed(let reason, let action), _):
            guard !stoppedShown else { return [] }
            stoppedShown = true
            return [.show(DesktopNotice(key: Self.stoppedKey, title: tr("הכתוביות נעצרו", "Captions stopped"),
                                        body: reason + " — " + action, urgency: .critical))]
        case .status(.listening, _):
            guard stoppedShown else { return [] }
            stoppedShown = false
            return [.withdraw(key: Self.stoppedKey)]
        default:
            return []
        }
    }
}

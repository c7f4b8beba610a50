/// At most one notification per sound kind or keyword every 30 s.
///
/// 30 s: a doorbell rung three times, a name called twice, a dog barking on and off should
/// reach her once — a notification repeated every few seconds is one she learns to ignore —
/// while a danger that goes on is announced again by `SoundAlertPolicy` every 30 s, which
/// this lets through. (Keyword alerts are already held to one per 15 s of audio by
/// `KeywordWatch`; notifications are the slower channel.)
public struct NotificationThrottle: Sendable {
    public static let quietSeconds = 30.0

    public let quietSeconds: Double
    private var lastShown: [String: Double] = [:]

    public init(quietSeconds: Double = NotificationThrottle.quietSeconds) {
        self.quietSeconds = quietSeconds
    }

    /// Whether a notice with `key` may be shown at `now` (seconds on any steady clock); if so,
    /// it counts as shown. A clock that went backwards (a new stream) lets it through.
    public mutating func allows(_ key: String, at now: Double) -> Bool {
        if let last = lastShown[key], now >= last, now - last < quietSeconds - 1e-9 { return false }
        lastShown[key] = now
        return true
    }
}

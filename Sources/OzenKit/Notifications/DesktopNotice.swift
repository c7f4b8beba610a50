/// One desktop notification: what pops up on her screen (and on a paired watch or phone that
/// mirrors the desktop's notifications) when nobody is looking at the captions.
public struct DesktopNotice: Sendable, Equatable {
    public enum Urgency: Sendable, Equatable {
        /// Battery and the like: shown, then gone.
        case low
        case normal
        /// Dangers and stopped captions: stays on screen until she dismisses it.
        case critical
    }

    /// What the notice is about ("sound:doorbell", "word:Ruth", "captions-stopped",
    /// "battery"): the throttle counts per key, and a withdrawn notice is found by it.
    public var key: String
    public var title: String
    public var body: String
    public var urgency: Urgency

    public init(key: String, title: String, body: String, urgency: Urgency) {
        self.key = key
        self.title = title
        self.body = body
        self.urgency = urgency
    }
}

/// What to do with the desktop's notifications.
public enum NoticeAction: Sendable, Equatable {
    case show(DesktopNotice)
    /// Close the notice with this key, if it is still up.
    case withdraw(key: String)
}

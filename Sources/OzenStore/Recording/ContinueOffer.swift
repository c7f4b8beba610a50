import Foundation

/// Whether a start should offer to continue the last conversation instead of a new one.
/// 20 minutes (the figure): long enough to step out of a clinic room or take a call
/// and come back, short enough that a conversation later in the day starts fresh.
public enum ContinueOffer {
    public static let window: TimeInterval = 20 * 60

    /// True when a conversation last active at `lastActive` is still worth continuing at `now`.
    public static func shouldOffer(lastActive: Date, now: Date) -> Bool {
        let idle = now.timeIntervalSince(lastActive)
        return idle >= 0 && idle <= window
    }
}

/// One trial of the sound alerts: audio with a sound of a known kind (or none) at a known
/// place, fed through a `SoundWatch` in the 100 ms pieces a live stream arrives in, and what
/// came out of it.
///
/// A detection is an alert of the expected kind raised while the sound plays or within
/// `lateSeconds` (2 s) after it ends — later than that she would not connect it to the
/// doorbell. Every other alert is a false alarm.
public struct SoundTrial: Sendable {
    public static let lateSeconds = 2.0

    /// The kind laid in, and where (seconds); nil for plain speech.
    public var expected: String?
    public var soundStart: Double
    public var soundEnd: Double
    public private(set) var alerts: [SoundAlertEvent] = []

    public init(expected: String?, soundStart: Double = 0, soundEnd: Double = 0, alerts: [SoundAlertEvent] = []) {
        self.expected = expected
        self.soundStart = soundStart
        self.soundEnd = soundEnd
        self.alerts = alerts
    }

    /// Runs `watch` over `samples` (at the watch's `inputRate`) and keeps its alerts.
    public mutating func run(_ watch: SoundWatch, over samples: [Float]) throws {
        var found: [SoundAlertEvent] = []
        try watch.hearStream(samples) { event in
            if case .sound(let alert) = event { found.append(alert) }
        }
        alerts = found
    }

    /// The first alert that counts as finding the sound.
    public var detection: SoundAlertEvent? {
        alerts.first(where: isDetection)
    }

    /// Seconds from the sound's start to the alert that found it.
    public var delay: Double? { detection.map { $0.at - soundStart } }

    public var falseAlarms: [SoundAlertEvent] { alerts.filter { !isDetection($0) } }

    private func isDetection(_ alert: SoundAlertEvent) -> Bool {
        guard let expected else { return false }
        return alert.kind == expected && alert.at >= soundStart && alert.at <= soundEnd + Self.lateSeconds
    }
}

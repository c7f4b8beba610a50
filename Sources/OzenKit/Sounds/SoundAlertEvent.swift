/// A sound she should know about was heard: the front end shows it, rings or vibrates, and a
/// desktop notification goes out. In `--json` it is
/// `{"type":"sound","at":…,"kind":"doorbell","class":"Doorbell","score":0.83,"priority":2,"start":…,"end":…}`.
public struct SoundAlertEvent: Sendable, Hashable {
    /// Seconds of audio fed into the pipeline when the sound was recognised.
    public var at: Double
    /// The kind's name ("doorbell", "smoke-alarm": `SoundKind.all`).
    public var kind: String
    /// The AudioSet class that scored highest ("Ding-dong").
    public var className: String
    /// That class's highest score (0…1) while the sound was heard.
    public var score: Double
    /// 3 danger, 2 needs her now, 1 good to know.
    public var priority: Int
    /// Seconds in the stream where the sound began (the first agreeing window) and the end of
    /// the last window heard so far.
    public var start: Double
    public var end: Double

    public init(at: Double, kind: String, className: String, score: Double, priority: Int, start: Double, end: Double) {
        self.at = at
        self.kind = kind
        self.className = className
        self.score = score
        self.priority = priority
        self.start = start
        self.end = end
    }

    /// How the alert is said to her: a taught sound by her name for it (its class), a kind by
    /// its name in the interface language.
    public var shown: String {
        kind == TaughtSound.eventKind ? className : SoundKind.named(kind)?.shown ?? kind
    }

    public var json: JSONValue {
        .object([
            ("type", .string("sound")), ("at", .number(at, decimals: 3)), ("kind", .string(kind)),
            ("class", .string(className)), ("score", .number(score, decimals: 3)), ("priority", .int(priority)),
            ("start", .number(start, decimals: 3)), ("end", .number(end, decimals: 3)),
        ])
    }
}

/// One `OZEN_*` environment variable: a row of the settings table (`Knob.all`). Every knob is
/// read once per process, into `OzenEnvironment.current`, and checked when the command that
/// needs it starts.
public struct Knob: Sendable, Hashable {
    /// The variable, e.g. "OZEN_FINAL_BEAM".
    public let name: String
    /// What it changes (English, as the docs are).
    public let meaning: String
    /// The values it takes, and the message when it is set to another.
    public let rule: KnobRule
    /// What Ozen does when it is unset.
    public let defaultValue: String

    public init(_ name: String, meaning: String, rule: KnobRule, defaultValue: String) {
        self.name = name
        self.meaning = meaning
        self.rule = rule
        self.defaultValue = defaultValue
    }

    /// The values it takes, as the table shows them.
    public var range: String { rule.range }
}

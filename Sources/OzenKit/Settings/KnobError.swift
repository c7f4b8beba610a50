/// An `OZEN_*` variable set to a value its knob does not take. The message names the variable
/// and the values it takes, in the interface language of the moment it was refused; `ozen`
/// exits with it as a usage error (64), when the command that reads the knob starts.
public struct KnobError: Error, Sendable, Equatable, CustomStringConvertible {
    /// The variable, e.g. "OZEN_FINAL_BEAM".
    public let name: String
    public let description: String

    public init(name: String, description: String) {
        self.name = name
        self.description = description
    }
}

/// The command line asked for something that does not exist: what `ozen` was told, and how to
/// ask. `ozen` exits with EX_USAGE (64) on it, whether a command or a session found it.
public struct UsageError: Error, CustomStringConvertible {
    public var description: String
    public init(_ description: String) { self.description = description }
}

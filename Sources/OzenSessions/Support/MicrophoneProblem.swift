/// What the microphone could not get past: it could not start, or it gave up. The command
/// says it as the one line of a failed input (EX_NOINPUT).
public struct MicrophoneProblem: Error, CustomStringConvertible {
    public var reason: String
    public var action: String
    public var description: String { action.isEmpty ? reason : "\(reason) — \(action)" }
}

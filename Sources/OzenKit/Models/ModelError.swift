/// Why a model cannot be used, always with the command that fixes it.
public enum ModelError: Error, Equatable, CustomStringConvertible, Sendable {
    case notInstalled(name: String, folder: String)
    case manifestUnreadable(name: String, path: String)
    case sizeMismatch(name: String, path: String, expected: Int, actual: Int)
    case checksumMismatch(name: String, path: String)
    case malformed(name: String, path: String, detail: String)
    case unknownName(name: String, known: [String])
    case engineRefused(name: String, path: String)
    case cpuUnsupported(detail: String)

    /// The command that puts models right.
    public static let fixCommand = "make setup"

    public var description: String {
        switch self {
        case .notInstalled(let name, let folder):
            return "model '\(name)' is not installed in \(folder) — run `\(Self.fixCommand)` to install it"
        case .manifestUnreadable(let name, let path):
            return "model '\(name)': its manifest \(path) is missing or damaged — run `\(Self.fixCommand)` to reinstall it"
        case .sizeMismatch(let name, let path, let expected, let actual):
            return "model '\(name)' at \(path) is \(actual) bytes, expected \(expected) (partial or damaged) — run `\(Self.fixCommand)` to reinstall it"
        case .checksumMismatch(let name, let path):
            return "model '\(name)' at \(path) does not match its checksum (damaged) — run `\(Self.fixCommand)` to reinstall it"
        case .malformed(let name, let path, let detail):
            return "model '\(name)' at \(path) is damaged (\(detail)) — run `\(Self.fixCommand)` to reinstall it"
        case .unknownName(let name, let known):
            return "no model called '\(name)' — installed: \(known.isEmpty ? "none" : known.joined(separator: ", ")); run `\(Self.fixCommand)` to install the default"
        case .engineRefused(let name, let path):
            return "the speech engine could not load model '\(name)' from \(path) — run `\(Self.fixCommand)` to reinstall it"
        case .cpuUnsupported(let detail):
            return detail
        }
    }
}

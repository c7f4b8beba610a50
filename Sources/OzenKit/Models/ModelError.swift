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
            return tr("המודל '\(name)' לא מותקן ב־\(folder) — הריצו `\(Self.fixCommand)` כדי להתקין אותו",
                      "model '\(name)' is not installed in \(folder) — run `\(Self.fixCommand)` to install it")
        case .manifestUnreadable(let name, let path):
            return tr("המודל '\(name)': קובץ התיאור שלו \(path) חסר או פגום — הריצו `\(Self.fixCommand)` כדי להתקין אותו מחדש",
                      "model '\(name)': its manifest \(path) is missing or damaged — run `\(Self.fixCommand)` to reinstall it")
        case .sizeMismatch(let name, let path, let expected, let actual):
            return tr("המודל '\(name)' ב־\(path) בגודל \(actual) בתים במקום \(expected) (חלקי או פגום) — הריצו `\(Self.fixCommand)` כדי להתקין אותו מחדש",
                      "model '\(name)' at \(path) is \(actual) bytes, expected \(expected) (partial or damaged) — run `\(Self.fixCommand)` to reinstall it")
        case .checksumMismatch(let name, let path):
            return tr("המודל '\(name)' ב־\(path) לא תואם את סכום הביקורת שלו (פגום) — הריצו `\(Self.fixCommand)` כדי להתקין אותו מחדש",
                      "model '\(name)' at \(path) does not match its checksum (damaged) — run `\(Self.fixCommand)` to reinstall it")
        case .malformed(let name, let path, let detail):
            return tr("המודל '\(name)' ב־\(path) פגום (\(detail)) — הריצו `\(Self.fixCommand)` כדי להתקין אותו מחדש",
                      "model '\(name)' at \(path) is damaged (\(detail)) — run `\(Self.fixCommand)` to reinstall it")
        case .unknownName(let name, let known):
            let list = known.isEmpty ? tr("אין", "none") : known.joined(separator: ", ")
            return tr("אין מודל בשם '\(name)' — מותקנים: \(list); הריצו `\(Self.fixCommand)` כדי להתקין את ברירת המחדל",
                      "no model called '\(name)' — installed: \(list); run `\(Self.fixCommand)` to install the default")
        case .engineRefused(let name, let path):
            return tr("מנוע הדיבור לא הצליח לטעון את המודל '\(name)' מ־\(path) — הריצו `\(Self.fixCommand)` כדי להתקין אותו מחדש",
                      "the speech engine could not load model '\(name)' from \(path) — run `\(Self.fixCommand)` to reinstall it")
        case .cpuUnsupported(let detail):
            return detail
        }
    }
}

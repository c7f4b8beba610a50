/// What `ozen-window` is asked to do: which display page to show over the other windows, how
/// many lines, and (for tests and the docs' screenshot) whether to report what it shows.
///
///     ozen-window http://127.0.0.1:8765/ [--lines 1-4] [--report] [--snapshot FILE]
///
/// `ozen serve --window` starts it with its own page's address; she never types it.
public struct CaptionWindowOptions: Equatable, Sendable {
    /// The lines shown at once: 2 by default (a sentence and the one before it over a call),
    /// 1 to 4 as she chooses on the page (kept there) or with `--lines`.
    public static let lineRange = 1...4
    public static let defaultLines = 2

    public var page: String
    public var lines: Int?
    /// Print, as JSON lines on stdout, the window's X11 id once it is shown and the caption
    /// text each time it changes (tests and `scripts/` read it).
    public var reports = false
    /// Save the window as a PNG here each time its captions change.
    public var snapshot: String?

    public init(page: String, lines: Int? = nil, reports: Bool = false, snapshot: String? = nil) {
        self.page = page
        self.lines = lines
        self.reports = reports
        self.snapshot = snapshot
    }

    public static let usage = "usage: ozen-window PAGE-ADDRESS [--lines 1-4] [--report] [--snapshot FILE]"

    public struct Problem: Error, Equatable, CustomStringConvertible {
        public let description: String
        public init(description: String) { self.description = description }
    }

    public static func parse(_ arguments: [String]) throws(Problem) -> CaptionWindowOptions {
        var page: String?
        var lines: Int?
        var reports = false
        var snapshot: String?
        var rest = arguments[...]
        while let argument = rest.popFirst() {
            switch argument {
            case "--lines":
                guard let value = rest.popFirst(), let n = Int(value), lineRange.contains(n) else {
                    throw Problem(description: "ozen-window: --lines takes a number from \(lineRange.lowerBound) to \(lineRange.upperBound)")
                }
                lines = n
            case "--report":
                reports = true
            case "--snapshot":
                guard let value = rest.popFirst(), !value.isEmpty else {
                    throw Problem(description: "ozen-window: --snapshot takes the PNG file to write")
                }
                snapshot = value
            case "--help", "-h":
                throw Problem(description: usage)
            default:
                guard !argument.hasPrefix("-"), page == nil else {
                    throw Problem(description: "ozen-window: unknown option \(argument)\n" + usage)
                }
                guard argument.hasPrefix("http://") || argument.hasPrefix("https://") else {
                    throw Problem(description: "ozen-window: \(argument) is not a page address (http://…); `ozen serve --window` starts this window with its own")
                }
                page = argument
            }
        }
        guard let page else { throw Problem(description: "ozen-window: which page? " + usage) }
        return CaptionWindowOptions(page: page, lines: lines, reports: reports, snapshot: snapshot)
    }

    /// The display page in window mode: only the last lines, no toolbar until the pointer is
    /// over it. The pairing token, when there is one, stays in the fragment.
    public var windowAddress: String {
        let (base, fragment) = Self.split(page)
        let (path, query) = Self.splitQuery(base)
        var parameters = query.map { $0.split(separator: "&").map(String.init) } ?? []
        parameters.removeAll { $0 == "window" || $0.hasPrefix("window=") || $0.hasPrefix("lines=") }
        parameters.append("window")
        if let lines { parameters.append("lines=\(lines)") }
        return path + "?" + parameters.joined(separator: "&") + (fragment.map { "#" + $0 } ?? "")
    }

    private static func split(_ address: String) -> (String, String?) {
        guard let hash = address.firstIndex(of: "#") else { return (address, nil) }
        return (String(address[..<hash]), String(address[address.index(after: hash)...]))
    }

    private static func splitQuery(_ address: String) -> (String, String?) {
        guard let mark = address.firstIndex(of: "?") else { return (address, nil) }
        return (String(address[..<mark]), String(address[address.index(after: mark)...]))
    }
}

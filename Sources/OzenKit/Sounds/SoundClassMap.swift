import Foundation

/// AudioSet's sound classes in the order YAMNet scores them: `yamnet_class_map.csv`
/// (`index,mid,display_name`, 521 rows; names with commas are quoted, e.g.
/// `"Baby cry, infant cry"`). The display names are what the alert policy matches on.
public struct SoundClassMap: Sendable, Equatable {
    public struct Entry: Sendable, Equatable {
        public var index: Int
        /// AudioSet's machine id, e.g. "/m/03wwcy" for Doorbell.
        public var mid: String
        public var name: String
    }

    public struct ReadError: Error, Equatable, CustomStringConvertible {
        public var detail: String
        public var description: String { detail }
    }

    public var entries: [Entry]
    public var names: [String] { entries.map(\.name) }

    /// Parses the CSV text; rows must be numbered 0, 1, 2… in order.
    public init(csv: String) throws(ReadError) {
        var rows = csv.split(omittingEmptySubsequences: true, whereSeparator: { $0 == "\n" || $0 == "\r\n" })
            .map { String($0).trimmingCharacters(in: CharacterSet(charactersIn: "\r")) }
            .filter { !$0.isEmpty }
        guard let header = rows.first, Self.fields(header) == ["index", "mid", "display_name"] else {
            throw ReadError(detail: tr("מפת הצלילים אינה מתחילה בשורת הכותרת index,mid,display_name",
                                       "the class map does not start with the header index,mid,display_name"))
        }
        rows.removeFirst()
        var entries: [Entry] = []
        for (number, row) in rows.enumerated() {
            let f = Self.fields(row)
            guard f.count == 3, let index = Int(f[0]), index == number, !f[2].isEmpty else {
                throw ReadError(detail: tr("שורה \(number + 2) במפת הצלילים פגומה: \(row)",
                                           "row \(number + 2) of the class map is damaged: \(row)"))
            }
            entries.append(Entry(index: index, mid: f[1], name: f[2]))
        }
        guard !entries.isEmpty else {
            throw ReadError(detail: tr("מפת הצלילים ריקה", "the class map lists no classes"))
        }
        self.entries = entries
    }

    /// Reads `yamnet_class_map.csv` from disk.
    public init(contentsOfFile path: String) throws(ReadError) {
        guard let data = FileManager.default.contents(atPath: path) else {
            throw ReadError(detail: tr("אי אפשר לקרוא את מפת הצלילים \(path)", "cannot read the class map \(path)"))
        }
        try self.init(csv: String(decoding: data, as: UTF8.self))
    }

    /// The index of the class whose display name is exactly `name`.
    public func index(of name: String) -> Int? {
        entries.first { $0.name == name }?.index
    }

    /// One CSV row's fields: commas separate, double quotes enclose, "" is a quote inside quotes.
    static func fields(_ row: String) -> [String] {
        var fields: [String] = []
        var current = ""
        var quoted = false
        var chars = row.makeIterator()
        while let c = chars.next() {
            if quoted {
                if c == "\"" {
                    // A doubled quote inside quotes is one quote; a single one ends the quoted part.
                    if let next = chars.next() {
                        if next == "\"" { current.append("\"") } else {
                            quoted = false
                            if next == "," { fields.append(current); current = "" } else { current.append(next) }
                        }
                    } else {
                        quoted = false
                    }
                } else {
                    current.append(c)
                }
            } else if c == "\"" {
                quoted = true
            } else if c == "," {
                fields.append(current)
                current = ""
            } else {
                current.append(c)
            }
        }
        fields.append(current)
        return fields
    }
}

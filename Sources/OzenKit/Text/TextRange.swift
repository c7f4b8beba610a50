/// Where something sits in a caption line's text, in UTF-16 code units from the start of
/// the line: the unit a JavaScript page indexes strings by (`text.slice(start, end)`), so a
/// front end can highlight a range without converting it. `end` is exclusive.
public struct TextRange: Sendable, Hashable, Comparable {
    public var start: Int
    public var end: Int

    public init(start: Int, end: Int) {
        self.start = start
        self.end = end
    }

    public var length: Int { end - start }

    public func overlaps(_ other: TextRange) -> Bool { start < other.end && other.start < end }

    public static func < (a: TextRange, b: TextRange) -> Bool {
        a.start != b.start ? a.start < b.start : a.end < b.end
    }

    /// The characters of `text` this range covers (nil when it does not fall on character
    /// boundaries of `text`).
    public func substring(of text: String) -> String? {
        let utf16 = text.utf16
        guard start >= 0, end <= utf16.count, start <= end,
              let from = utf16.index(utf16.startIndex, offsetBy: start, limitedBy: utf16.endIndex),
              let to = utf16.index(utf16.startIndex, offsetBy: end, limitedBy: utf16.endIndex),
              let a = from.samePosition(in: text), let b = to.samePosition(in: text) else { return nil }
        return String(text[a..<b])
    }
}

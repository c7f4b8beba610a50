/// A keyword said in a settled line: the display highlights its range for as long as the
/// line is on screen, whether or not it raised an alert (alerts are throttled, highlights
/// are not).
public struct KeywordHighlight: Sendable, Hashable {
    public var lineID: Int
    /// The keyword as the person typed it.
    public var word: String
    /// The word as said, prefix included ("ולרותי"), in UTF-16 offsets of the line's text.
    public var range: TextRange

    public init(lineID: Int, word: String, range: TextRange) {
        self.lineID = lineID
        self.word = word
        self.range = range
    }

    public var json: JSONValue {
        .object([("word", .string(word)), ("start", .int(range.start)), ("end", .int(range.end))])
    }
}

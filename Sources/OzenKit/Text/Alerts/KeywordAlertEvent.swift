/// The moment a keyword fires: the front end rings, flashes or vibrates. In `--json` it is
/// `{"type":"alert","at":…,"id":LINE_ID,"word":KEYWORD,"start":…,"end":…,"said":…}`, with
/// `start`/`end` in UTF-16 code units of the line's `text` (JavaScript's `slice`), covering
/// the whole word as said, prefix included.
public struct KeywordAlertEvent: Sendable, Hashable {
    /// Seconds of audio fed into the pipeline when the word settled.
    public var at: Double
    public var lineID: Int
    /// The keyword as the person typed it.
    public var word: String
    public var range: TextRange
    /// The word as it was said ("ולרותי").
    public var said: String

    public init(at: Double, lineID: Int, word: String, range: TextRange, said: String) {
        self.at = at
        self.lineID = lineID
        self.word = word
        self.range = range
        self.said = said
    }

    public var json: JSONValue {
        .object([
            ("type", .string("alert")), ("at", .number(at, decimals: 3)), ("id", .int(lineID)),
            ("word", .string(word)), ("start", .int(range.start)), ("end", .int(range.end)),
            ("said", .string(said)),
        ])
    }
}

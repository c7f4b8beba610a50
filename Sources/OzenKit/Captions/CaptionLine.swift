/// A line of captions as the person sees it: what was said, when, by whom, and how sure
/// the recognizer was.
public struct CaptionLine: Sendable, Equatable {
    /// Counts from 1 in each conversation; a partial and the line that replaces it share it.
    public var id: Int
    public var text: String
    /// Seconds from the start of the recording.
    public var start: Double
    public var end: Double
    public var final: Bool
    /// A name or "Speaker N"; nil until speakers are told apart.
    public var speaker: String?
    /// Mean probability of the line's words (0…1); nil when the recognizer gave none.
    public var confidence: Double?
    /// Below the confidence threshold: the display shows a small "?".
    public var uncertain: Bool
    /// Hebrew text is shown right to left.
    public var language: String
    /// In a partial: how many of its words have settled and will not change (nil in a line).
    public var settledWords: Int?
    /// In a line: the paragraph it starts in, and UTF-16 offsets where paragraphs break inside it.
    public var paragraph: Int?
    public var paragraphBreaks: [Int] = []
    /// The pieces of the recognizer passes behind it, with Whisper's measures of each: a
    /// partial's live pass, or the final passes of a line's utterances. The home protocol sends
    /// them (`segments`); caption events leave them out.
    public var segments: [PassSegment] = []
    /// Where it was heard when two sources are captioned together (the room or the call), `from`
    /// in JSON; nil with one source.
    public var source: LineSource?

    public init(id: Int, text: String, start: Double, end: Double, final: Bool,
                speaker: String? = nil, confidence: Double?, uncertain: Bool, language: String, settledWords: Int? = nil) {
        self.id = id
        self.text = text
        self.start = start
        self.end = end
        self.final = final
        self.speaker = speaker
        self.confidence = confidence
        self.uncertain = uncertain
        self.language = language
        self.settledWords = settledWords
    }

    var jsonFields: [(String, JSONValue)] {
        var fields: [(String, JSONValue)] = [
            ("id", .int(id)),
            ("text", .string(text)),
            ("start", .number(start, decimals: 3)),
            ("end", .number(end, decimals: 3)),
            ("final", .bool(final)),
            ("speaker", speaker.map(JSONValue.string) ?? .null),
            ("confidence", confidence.map { .number($0, decimals: 3) } ?? .null),
            ("uncertain", .bool(uncertain)),
            ("language", .string(language)),
            ("direction", .string(TextDirection(language: language, text: text).rawValue)),
            ("numbers", .array(TextStage.numbers(in: text, language: language).map(\.json))),
        ]
        if let settledWords { fields.append(("settled_words", .int(settledWords))) }
        if let source { fields.append(("from", .string(source.rawValue))) }
        if let paragraph {
            fields.append(("paragraph", .int(paragraph)))
            fields.append(("paragraph_breaks", .array(paragraphBreaks.map(JSONValue.int))))
        }
        return fields
    }
}

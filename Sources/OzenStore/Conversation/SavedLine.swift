import OzenKit

/// A line as the history keeps it: what was said, by whom, when (seconds from the start of
/// the conversation), how sure the recognizer was, and what she did with it (a star).
public struct SavedLine: Sendable, Equatable {
    public var conversationID: Int64
    /// Counts from 1 in each conversation, continuing when a conversation is continued.
    public var number: Int
    public var text: String
    public var speaker: String?
    public var start: Double
    public var end: Double
    public var confidence: Double?
    public var uncertain: Bool
    public var starred: Bool
    /// The final pass's better wording of `text`, when it made one.
    public var correction: String?
    public var language: String
    /// The interpreter's English of the line (`ozen interpret`), when it made one.
    public var english: String?
    /// Where it was heard when the room and a call were captioned together; nil with one source.
    public var source: LineSource?

    /// What is shown: the correction when there is one.
    public var shownText: String { correction ?? text }

    public init(conversationID: Int64, number: Int, text: String, speaker: String?, start: Double, end: Double,
                confidence: Double?, uncertain: Bool, starred: Bool = false, correction: String? = nil, language: String,
                english: String? = nil, source: LineSource? = nil) {
        self.english = english
        self.source = source
        self.conversationID = conversationID
        self.number = number
        self.text = text
        self.speaker = speaker
        self.start = start
        self.end = end
        self.confidence = confidence
        self.uncertain = uncertain
        self.starred = starred
        self.correction = correction
        self.language = language
    }
}

import OzenKit

/// What a conversation was, kept beside it so the list and the top of a conversation never
/// read its lines: how long it was, how much each person spoke and how fast, the longest
/// turn, and every line with a time, an amount or a phone number (the things people ask
/// to hear again after a clinic visit). Built line by line as lines are saved.
public struct ConversationSummary: Codable, Sendable, Equatable {
    /// One person's share of the conversation.
    public struct Speaker: Codable, Sendable, Equatable {
        /// The speaker's label ("Speaker 1", a name), "" when speakers were not told apart.
        public var speaker: String
        public var lines: Int
        public var words: Int
        public var seconds: Double
        /// Words per minute of their own speaking time.
        public var wordsPerMinute: Double { seconds > 0 ? Double(words) * 60 / seconds : 0 }
    }

    /// Consecutive lines by one speaker.
    public struct Turn: Codable, Sendable, Equatable {
        public var speaker: String
        public var firstLine: Int
        public var lastLine: Int
        public var start: Double
        public var end: Double
        public var seconds: Double { end - start }
    }

    /// A line that holds a time, an amount or a phone number.
    public struct NumberLine: Codable, Sendable, Equatable {
        public var line: Int
        public var start: Double
        public var text: String
        public var kinds: [String]
    }

    /// The kinds of number that put a line in `numberLines`.
    public static let listedKinds: Set<NumberKind> = [.time, .amount, .phone]

    public var lines = 0
    public var words = 0
    public var firstStart: Double?
    public var lastEnd: Double = 0
    public var speakers: [Speaker] = []
    public var longestTurn: Turn?
    /// The turn still going on, so the next line can extend it.
    public var currentTurn: Turn?
    public var numberLines: [NumberLine] = []

    public init() {}

    /// Length from the first word to the last, in seconds.
    public var seconds: Double { firstStart.map { max(0, lastEnd - $0) } ?? 0 }

    /// Words per minute over the whole conversation's speaking time.
    public var wordsPerMinute: Double {
        let spoken = speakers.reduce(0) { $0 + $1.seconds }
        return spoken > 0 ? Double(words) * 60 / spoken : 0
    }

    /// Counts one more line in.
    public mutating func add(_ line: SavedLine) {
        let text = line.shownText
        let wordCount = text.split(whereSeparator: \.isWhitespace).count
        let label = line.speaker ?? ""
        lines += 1
        words += wordCount
        firstStart = min(firstStart ?? line.start, line.start)
        lastEnd = max(lastEnd, line.end)
        let spoken = max(0, line.end - line.start)
        if let i = speakers.firstIndex(where: { $0.speaker == label }) {
            speakers[i].lines += 1
            speakers[i].words += wordCount
            speakers[i].seconds += spoken
        } else {
            speakers.append(Speaker(speaker: label, lines: 1, words: wordCount, seconds: spoken))
        }
        if var turn = currentTurn, turn.speaker == label {
            turn.lastLine = line.number
            turn.end = max(turn.end, line.end)
            currentTurn = turn
        } else {
            currentTurn = Turn(speaker: label, firstLine: line.number, lastLine: line.number, start: line.start, end: line.end)
        }
        if let turn = currentTurn, turn.seconds > (longestTurn?.seconds ?? -1) { longestTurn = turn }
        let kinds = Set(TextStage.numbers(in: text, language: line.language).map(\.kind)).intersection(Self.listedKinds)
        if !kinds.isEmpty {
            numberLines.append(NumberLine(line: line.number, start: line.start, text: text,
                                          kinds: kinds.map(\.rawValue).sorted()))
        }
    }
}

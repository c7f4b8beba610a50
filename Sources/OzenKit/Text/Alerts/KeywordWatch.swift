/// Watches settled caption lines for the person's keywords and decides when to alert.
///
/// At most one alert per keyword every 15 s of audio: a name said three times in one
/// exchange ("רותי, רותי, את שומעת?") should ring once, and 15 s is about one exchange of
/// conversation, so a name said again after a pause rings again. Every settled line that
/// holds a keyword is still highlighted. A line seen again (its words settling one pass at a
/// time) is judged once per keyword: when its first settled mention was inside the quiet
/// period, the line only highlights.
public struct KeywordWatch: Sendable {
    /// Seconds of audio during which a keyword that fired stays quiet.
    public static let quietSeconds: Double = 15

    public let keywords: [KeywordAlert]
    private var lastAlert: [String: Double] = [:]
    private var alertedLines: Set<LineKeyword> = []

    private struct LineKeyword: Hashable {
        var line: Int
        var word: String
    }

    /// What one settled line raised.
    public struct Report: Sendable, Equatable {
        public var highlights: [KeywordHighlight] = []
        public var alerts: [KeywordAlertEvent] = []
    }

    public init(keywords: [KeywordAlert]) {
        var seen: Set<KeywordAlert> = []
        self.keywords = keywords.filter { seen.insert($0).inserted }
    }

    /// Checks one line; call it again as more of the line settles.
    public mutating func observe(_ line: SettledLine) -> Report {
        var report = Report()
        guard !keywords.isEmpty else { return report }
        let words = TextWord.split(line.text)
        for keyword in keywords {
            let ranges = keyword.matches(in: words).filter(line.isSettled)
            guard let first = ranges.first else { continue }
            report.highlights += ranges.map { KeywordHighlight(lineID: line.id, word: keyword.word, range: $0) }
            let key = LineKeyword(line: line.id, word: keyword.word)
            guard alertedLines.insert(key).inserted else { continue }
            if let last = lastAlert[keyword.word], line.at - last < Self.quietSeconds, line.at >= last { continue }
            lastAlert[keyword.word] = line.at
            report.alerts.append(KeywordAlertEvent(at: line.at, lineID: line.id, word: keyword.word, range: first,
                                                   said: first.substring(of: line.text) ?? keyword.word))
        }
        report.highlights.sort { $0.range < $1.range }
        return report
    }
}

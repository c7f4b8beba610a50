/// Breaks long speech into short paragraphs, at sentence ends, so a page of captions can be
/// read at a glance; and notices a long silence, after which the display marks the time
/// talking resumed.
///
/// 40 words is about 15 s of speech at a conversational 150 words a minute, three or four
/// short sentences: what fits a tablet screen at the display's 40 px default. A pause of 2 s
/// between lines also starts a paragraph (a change of topic or of speaker more often than not).
/// Five minutes with nothing said is the definition of a gap.
public struct ParagraphBreaker: Sendable {
    public struct Settings: Sendable, Equatable {
        public var wordsPerParagraph = 40
        public var pauseForNewParagraph = 2.0
        public var gapSeconds = 300.0
        public init() {}
        public static let `default` = Settings()
    }

    /// Where a finished line sits among the paragraphs.
    public struct Placement: Sendable, Equatable {
        /// The paragraph the line starts in, counting from 1.
        public var paragraph: Int
        /// UTF-16 offsets in the line's text where a new paragraph begins.
        public var breaks: [Int]
        /// Seconds of silence before the line, when they were a gap.
        public var gapBefore: Double?
    }

    public let settings: Settings
    private var paragraph = 0
    private var wordsInParagraph = 0
    private var lastEnd: Double?

    public init(settings: Settings = .default) { self.settings = settings }

    public mutating func place(_ line: CaptionLine) -> Placement {
        let pause = lastEnd.map { line.start - $0 }
        let gap = pause.flatMap { $0 >= settings.gapSeconds ? $0 : nil }
        if paragraph == 0 || (pause ?? 0) >= settings.pauseForNewParagraph || wordsInParagraph >= settings.wordsPerParagraph {
            paragraph += 1
            wordsInParagraph = 0
        }
        let startParagraph = paragraph
        var breaks: [Int] = []
        var offset = 0
        var pendingBreak = false
        for word in line.text.split(separator: " ", omittingEmptySubsequences: false) {
            if pendingBreak && !word.isEmpty {
                breaks.append(offset)
                paragraph += 1
                wordsInParagraph = 0
                pendingBreak = false
            }
            if !word.isEmpty {
                wordsInParagraph += 1
                if wordsInParagraph >= settings.wordsPerParagraph, LiveCaptioner.endsSentence(String(word)) { pendingBreak = true }
            }
            offset += word.utf16.count + 1
        }
        lastEnd = line.end
        return Placement(paragraph: startParagraph, breaks: breaks, gapBefore: gap)
    }
}

/// The text stage of the caption pipeline: what Ozen adds to a settled line before it is
/// shown — which way it reads, the numbers in it, and the keywords that were said. The live
/// pipeline and `ozen text` run this same code, so a family can check with `ozen text`
/// that her name will fire before a visit.
public struct TextStage: Sendable {
    public let language: String
    public let finder: NumberFinder
    public private(set) var watch: KeywordWatch

    /// What the stage found in one line.
    public struct Result: Sendable, Equatable {
        public var direction: TextDirection
        public var numbers: [NumberSpan]
        public var highlights: [KeywordHighlight]
        public var alerts: [KeywordAlertEvent]

        /// `numbers` for a caption event: `[{"start":…,"end":…,"kind":…,"value":…}]`.
        public var numbersJSON: JSONValue { .array(numbers.map(\.json)) }
        /// `highlights` for a caption event: `[{"word":…,"start":…,"end":…}]`.
        public var highlightsJSON: JSONValue { .array(highlights.map(\.json)) }
    }

    /// `language` is the caption language ("he", "en", "sv"); `keywords` what to alert on.
    public init(language: String, keywords: [KeywordAlert] = []) {
        self.language = language
        self.finder = NumberFinder(language: language)
        self.watch = KeywordWatch(keywords: keywords)
    }

    /// Runs the stage over one settled line (call again as more of a line settles).
    public mutating func process(_ line: SettledLine) -> Result {
        let report = watch.observe(line)
        return Result(direction: TextDirection(language: language, text: line.text),
                      numbers: Self.numbers(in: line.text, language: language),
                      highlights: report.highlights, alerts: report.alerts)
    }

    /// The numbers of a line, for a `line` or `partial` event: a pure function of the text.
    public static func numbers(in text: String, language: String) -> [NumberSpan] {
        NumberFinder(language: language).spans(in: text)
    }
}

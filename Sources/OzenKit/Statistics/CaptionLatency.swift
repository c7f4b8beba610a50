/// Latency as a listener feels it, computed from caption events alone (the same arithmetic
/// anyone can do on `ozen caption --json` output):
///
/// - first words: when a line's first words were first shown (its first partial, or the line
///   itself) minus when they were said (the line's `start`);
/// - settle: when the line locked (`line` event's `at`) minus when its speech ended (`end`);
/// - text final: when the words it locked with were first shown, every one settled, minus when
///   its speech ended. An utterance's final pass shows its words settled at once, while the
///   line stays open for the line pause (0.75 s of silence) in case the speaker goes on; from
///   then on the text she reads no longer changes, which is issue 13's "final text";
/// - correction: when a locked line's corrected words were sent (`corrected` event) minus when
///   its speech ended.
public struct CaptionLatency: Sendable, Equatable {
    public struct Sample: Sendable, Equatable {
        public var lineID: Int
        public var lineStart: Double
        public var firstWords: Double
        public var settle: Double
        /// At most `settle`: the line event itself counts as showing its words settled.
        public var textFinal: Double
    }

    public private(set) var samples: [Sample] = []
    /// Seconds from each corrected line's end of speech to its correction.
    public private(set) var corrections: [Double] = []

    /// From the events' own `at` times.
    public init(events: [CaptionEvent]) {
        self.init(stamped: events.map { ($0, $0.at) })
    }

    /// From times stamped outside the pipeline (seconds since the audio started, on the wall
    /// clock, as each event was written): what `ozen bench accuracy` measures.
    public init(stamped events: [(event: CaptionEvent, at: Double)]) {
        var firstShown: [Int: Double] = [:]
        /// Partials shown with every word settled, oldest first, since the last line locked
        /// (the parts of a line split by voice lock one after another and all look back).
        var settledShown: [(line: CaptionLine, at: Double)] = []
        var lastWasLine = false
        for (event, at) in events {
            switch event {
            case .partial(let line, _):
                if firstShown[line.id] == nil { firstShown[line.id] = at }
                if lastWasLine { settledShown = [] }
                lastWasLine = false
                if line.settledWords == Self.words(line.text).count { settledShown.append((line, at)) }
            case .line(let line, _):
                lastWasLine = true
                guard !line.text.isEmpty else { continue }
                let shown = firstShown[line.id] ?? at
                let words = Self.words(line.text)
                // The first settled partial over the same stretch that holds this line's words
                // as they locked: each part of a line split by voice holds a run of its words.
                let finalShown = settledShown.first { shown in
                    shown.line.start < line.end && shown.line.end > max(line.start, line.end - 0.5)
                        && Self.words(shown.line.text).contains(words)
                }?.at ?? at
                samples.append(Sample(lineID: line.id, lineStart: line.start, firstWords: shown - line.start,
                                      settle: at - line.end, textFinal: min(finalShown, at) - line.end))
            case .corrected(let correction, _):
                corrections.append(at - correction.line.end)
            case .status, .alert, .gap, .speaker, .sound, .translation, .reviewed:
                break
            }
        }
    }

    public var firstWords: [Double] { samples.map(\.firstWords) }
    public var settle: [Double] { samples.map(\.settle) }
    public var textFinal: [Double] { samples.map(\.textFinal) }

    private static func words(_ text: String) -> [Substring] { text.split(separator: " ") }
}

/// Order statistics for benchmark figures: medians and 90th percentiles, never means, because
/// a shared machine's outliers would swamp a mean.
public enum Percentile {
    /// The `p`-th percentile (0…100) by linear interpolation; nil for no values.
    public static func of(_ values: [Double], _ p: Double) -> Double? {
        guard !values.isEmpty else { return nil }
        let sorted = values.sorted()
        let rank = p / 100 * Double(sorted.count - 1)
        let low = Int(rank.rounded(.down)), high = Int(rank.rounded(.up))
        return sorted[low] + (sorted[high] - sorted[low]) * (rank - Double(low))
    }

    public static func median(_ values: [Double]) -> Double? { of(values, 50) }
}

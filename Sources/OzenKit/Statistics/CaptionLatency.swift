/// Latency as a listener feels it, computed from caption events alone (the same arithmetic
/// anyone can do on `ozen caption --json` output):
///
/// - first words: when a line's first words were first shown (its first partial, or the line
///   itself) minus when they were said (the line's `start`);
/// - settle: when the line locked (`line` event's `at`) minus when its speech ended (`end`).
public struct CaptionLatency: Sendable, Equatable {
    public struct Sample: Sendable, Equatable {
        public var lineStart: Double
        public var firstWords: Double
        public var settle: Double
    }

    public private(set) var samples: [Sample] = []

    /// From the events' own `at` times.
    public init(events: [CaptionEvent]) {
        self.init(stamped: events.map { ($0, $0.at) })
    }

    /// From times stamped outside the pipeline (seconds since the audio started, on the wall
    /// clock, as each event was written): what `ozen bench accuracy` measures.
    public init(stamped events: [(event: CaptionEvent, at: Double)]) {
        var firstShown: [Int: Double] = [:]
        for (event, at) in events {
            switch event {
            case .partial(let line, _):
                if firstShown[line.id] == nil { firstShown[line.id] = at }
            case .line(let line, _):
                guard !line.text.isEmpty else { continue }
                let shown = firstShown[line.id] ?? at
                samples.append(Sample(lineStart: line.start, firstWords: shown - line.start, settle: at - line.end))
            case .status, .alert, .gap, .speaker, .sound, .translation, .reviewed:
                break
            }
        }
    }

    public var firstWords: [Double] { samples.map(\.firstWords) }
    public var settle: [Double] { samples.map(\.settle) }
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

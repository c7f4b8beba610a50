/// How well lines were labelled with who said them, against the known truth. Labels are
/// arbitrary ("Speaker 3" may be the truth's "jfk"), so each score uses the one-to-one mapping
/// of labels to true speakers that gives the most credit, the standard way diarization is scored.
public enum SpeakerAccuracy {
    public struct Line: Sendable, Equatable {
        public var start: Double
        public var end: Double
        public var speaker: String
        public init(start: Double, end: Double, speaker: String) {
            self.start = start
            self.end = end
            self.speaker = speaker
        }
    }

    public struct Score: Sendable, Equatable {
        /// Lines (or seconds) labelled with the speaker the mapping gives.
        public var correct: Double
        public var total: Double
        /// Label → true speaker.
        public var mapping: [String: String]
        public var share: Double { total > 0 ? correct / total : 0 }
    }

    /// Each line belongs to the true speaker who spoke most of its time; the share of lines
    /// whose label maps to that speaker.
    public static func lines(_ lines: [Line], truth: [SpeechTurn]) -> Score {
        var credit: [String: [String: Double]] = [:]
        for line in lines {
            var spoken: [String: Double] = [:]
            for turn in truth { spoken[turn.speaker, default: 0] += overlap(line, turn) }
            guard let owner = spoken.filter({ $0.value > 0 }).max(by: { $0.value < $1.value })?.key else { continue }
            credit[line.speaker, default: [:]][owner, default: 0] += 1
        }
        let (correct, mapping) = bestMapping(credit)
        return Score(correct: correct, total: Double(lines.count), mapping: mapping)
    }

    /// The share of the truth's speech time covered by a line whose label maps to its speaker.
    public static func time(_ lines: [Line], truth: [SpeechTurn]) -> Score {
        var credit: [String: [String: Double]] = [:]
        for line in lines {
            for turn in truth {
                let o = overlap(line, turn)
                if o > 0 { credit[line.speaker, default: [:]][turn.speaker, default: 0] += o }
            }
        }
        let (correct, mapping) = bestMapping(credit)
        return Score(correct: correct, total: truth.reduce(0) { $0 + ($1.end - $1.start) }, mapping: mapping)
    }

    static func overlap(_ line: Line, _ turn: SpeechTurn) -> Double {
        max(0, min(line.end, turn.end) - max(line.start, turn.start))
    }

    /// The one-to-one label → speaker mapping with the most credit (exhaustive: a table has
    /// a handful of speakers; the twelve labels with the most credit are considered).
    static func bestMapping(_ credit: [String: [String: Double]]) -> (Double, [String: String]) {
        let labels = credit.keys.sorted { credit[$0]!.values.reduce(0, +) > credit[$1]!.values.reduce(0, +) }.prefix(12)
        let speakers = Set(credit.values.flatMap(\.keys)).sorted()
        var best = (0.0, [String: String]())
        func search(_ s: Int, _ used: Set<String>, _ total: Double, _ mapping: [String: String]) {
            if total > best.0 { best = (total, mapping) }
            guard s < speakers.count else { return }
            search(s + 1, used, total, mapping)  // this speaker gets no label
            for label in labels where !used.contains(label) {
                let c = credit[label]?[speakers[s]] ?? 0
                guard c > 0 else { continue }
                var next = mapping
                next[label] = speakers[s]
                search(s + 1, used.union([label]), total + c, next)
            }
        }
        search(0, [], 0, [:])
        return best
    }
}

/// The words of one line divided among the people who said them.
public enum LineSplit {
    /// One voice's run of words inside a line; `voice` is the finder's local name for it.
    public struct Part: Sendable, Equatable {
        public var voice: String
        public var words: [TimedWord]
    }

    /// Segments shorter than this (s) are not given words of their own: a word time is only
    /// good to a few hundred milliseconds. A lone "Hello." answered across a call is 0.4 s.
    public static let shortestPart = 0.35

    /// Where one utterance of a line ends and the next begins: the first word of the next
    /// (an index into the line's words) and the middle of the pause between their voices (s).
    public struct Seam: Sendable, Equatable {
        public var wordIndex: Int
        public var time: Double
        public init(wordIndex: Int, time: Double) {
            self.wordIndex = wordIndex
            self.time = time
        }
    }

    /// A change of voice this near (s) to a pause inside the line moves to the pause. Word times
    /// are estimates and the segmentation hears a new voice late: on the five-person table
    /// (seed 1) a line that held the end of one turn and, after a 0.85 s pause that the line pause
    /// did not end, the next person's "And so my fellow Americans" was split between "And" and
    /// "so", 0.3 s after the pause; the pause itself is where people take turns.
    public static let snapToPauseWithin = 0.6

    /// Splits `words` (times in seconds from the start of the recording) where the voice
    /// changes: each word goes to the segment that holds its middle (or the nearest one), and
    /// runs of words with one voice become one part; a change of voice near a pause between
    /// two of the line's utterances (`seams`) moves to that pause. One part means no split.
    public static func split(_ words: [TimedWord], at segments: [SpeechTurn], seams: [Seam] = []) -> [Part] {
        snapped(byVoice(words, at: segments), to: seams)
    }

    static func byVoice(_ words: [TimedWord], at segments: [SpeechTurn]) -> [Part] {
        let voiced = segments.filter { $0.end - $0.start >= shortestPart }.sorted { $0.start < $1.start }
        guard Set(voiced.map(\.speaker)).count > 1, !words.isEmpty else {
            return [Part(voice: voiced.first?.speaker ?? "", words: words)]
        }
        func owner(_ word: TimedWord) -> String {
            let middle = (word.start + word.end) / 2
            // Where two voices overlap, the one whose segment started later has just cut in.
            if let inside = voiced.last(where: { $0.start <= middle && middle <= $0.end }) { return inside.speaker }
            return voiced.min { distance(middle, $0) < distance(middle, $1) }!.speaker
        }
        var parts: [Part] = []
        for word in words {
            let who = owner(word)
            if who == parts.last?.voice { parts[parts.count - 1].words.append(word) } else { parts.append(Part(voice: who, words: [word])) }
        }
        return parts
    }

    /// Moves each boundary between two parts to the nearest seam within `snapToPauseWithin`,
    /// as long as every part keeps a word; the words stay in order, none lost or doubled.
    static func snapped(_ parts: [Part], to seams: [Seam]) -> [Part] {
        guard parts.count > 1, !seams.isEmpty else { return parts }
        let words = parts.flatMap(\.words)
        var boundaries: [Int] = []
        for part in parts.dropLast() { boundaries.append((boundaries.last ?? 0) + part.words.count) }
        for (b, index) in boundaries.enumerated() {
            let time = (words[index - 1].end + words[index].start) / 2
            let lowest = b == 0 ? 1 : boundaries[b - 1] + 1
            let highest = b == boundaries.count - 1 ? words.count - 1 : boundaries[b + 1] - 1
            let near = seams.filter { abs($0.time - time) <= snapToPauseWithin && (lowest...highest).contains($0.wordIndex) }
            if let seam = near.min(by: { abs($0.time - time) < abs($1.time - time) }) { boundaries[b] = seam.wordIndex }
        }
        let edges = [0] + boundaries + [words.count]
        return parts.indices.map { i in Part(voice: parts[i].voice, words: Array(words[edges[i]..<edges[i + 1]])) }
    }

    static func distance(_ t: Double, _ segment: SpeechTurn) -> Double {
        t < segment.start ? segment.start - t : max(0, t - segment.end)
    }
}

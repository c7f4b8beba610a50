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

    /// Splits `words` (times in seconds from the start of the recording) where the voice
    /// changes: each word goes to the segment that holds its middle (or the nearest one), and
    /// runs of words with one voice become one part. One part means no split.
    public static func split(_ words: [TimedWord], at segments: [SpeechTurn]) -> [Part] {
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

    static func distance(_ t: Double, _ segment: SpeechTurn) -> Double {
        t < segment.start ? segment.start - t : max(0, t - segment.end)
    }
}

/// Finds where one person stops and another starts inside a stretch of speech with no pause
/// long enough to end the line (a quick answer, someone cutting in). The pyannote segmentation
/// model through sherpa-onnx's diarization is the real one (OzenEngines).
public protocol VoiceChangeFinder: AnyObject {
    /// Who spoke when inside `samples` (seconds from their start), each person numbered
    /// locally; one segment, or none, when a single voice speaks throughout.
    func segments(of samples: ArraySlice<Float>) throws -> [SpeechTurn]
}

/// The words of one line divided among the people who said them.
public enum LineSplit {
    /// Each segment's share of speech must be at least this long (s) to start a line of its
    /// own; a shorter one (a cough, an "mm") stays inside its neighbour.
    public static let shortestPart = 0.8

    /// Splits `words` (times in seconds from the start of the recording) where the voice changes: each word goes to the segment that holds its
    /// middle (or the nearest one), and runs of words with one voice become one part. Parts
    /// are returned with their start and end; one part means no split.
    public static func split(_ words: [TimedWord], at segments: [SpeechTurn]) -> [[TimedWord]] {
        let voiced = segments.filter { $0.end - $0.start >= shortestPart }.sorted { $0.start < $1.start }
        guard Set(voiced.map(\.speaker)).count > 1, !words.isEmpty else { return [words] }
        func owner(_ word: TimedWord) -> String {
            let middle = (word.start + word.end) / 2
            if let inside = voiced.first(where: { $0.start <= middle && middle <= $0.end }) { return inside.speaker }
            return voiced.min { distance(middle, $0) < distance(middle, $1) }!.speaker
        }
        var parts: [[TimedWord]] = []
        var current: String?
        for word in words {
            let who = owner(word)
            if who == current, !parts.isEmpty { parts[parts.count - 1].append(word) } else { parts.append([word]); current = who }
        }
        return parts
    }

    static func distance(_ t: Double, _ segment: SpeechTurn) -> Double {
        t < segment.start ? segment.start - t : max(0, t - segment.end)
    }
}

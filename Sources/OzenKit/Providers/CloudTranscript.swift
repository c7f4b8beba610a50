import Foundation

/// What a cloud provider that gives word times heard in a line's audio (ElevenLabs,
/// Deepgram): the spoken words with the provider's own times, and a line for each speaker's
/// turn, as the seed's chat path asks its model to put each change of speaker on its own line.
/// The pipeline then splits the line by voice on real times, where a plain transcription
/// endpoint's text has none.
public struct CloudTranscript: Sendable, Equatable {
    public var text: String
    /// The spoken words with the provider's times, in order.
    public var words: [TimedWord]
    /// The words of each speaker's turn, in order (one line when no speaker was given).
    public var lines: [String]

    /// One word of an answer: its text, its times (nil where the provider left them out) and
    /// the provider's name for its speaker.
    struct Said {
        var word: String
        var start: Double?
        var end: Double?
        var speaker: String?
    }

    /// The transcript of `said`, in order; `text` the provider's whole text, used as the one
    /// line when it gave no words.
    init(text: String, said: [Said]) {
        var words: [TimedWord] = [], lines: [String] = [], current: [String] = []
        var speaker: String?
        for item in said {
            let word = item.word.trimmingCharacters(in: .whitespacesAndNewlines)
            guard !word.isEmpty else { continue }
            if let said = item.speaker, let speaker, said != speaker, !current.isEmpty {
                lines.append(current.joined(separator: " "))
                current = []
            }
            if let said = item.speaker { speaker = said }
            current.append(word)
            let start = item.start ?? words.last?.end ?? 0
            words.append(TimedWord(text: word, start: start, end: item.end ?? start))
        }
        if !current.isEmpty { lines.append(current.joined(separator: " ")) }
        let whole = text.trimmingCharacters(in: .whitespacesAndNewlines)
        if words.isEmpty { lines = whole.isEmpty ? [] : [whole] }
        self.init(text: whole, words: words, lines: lines)
    }

    /// A number of an answer's JSON, however it was read (a whole number too).
    static func number(_ value: Any?) -> Double? {
        (value as? Double) ?? (value as? Int).map(Double.init) ?? (value as? NSNumber)?.doubleValue
    }

    public init(text: String, words: [TimedWord], lines: [String]) {
        self.text = text
        self.words = words
        self.lines = lines
    }
}

/// Who spoke from `start` to `end` (seconds): the truth a speaker labelling is scored against.
public struct SpeechTurn: Sendable, Equatable {
    public var speaker: String
    public var start: Double
    public var end: Double
    public init(speaker: String, start: Double, end: Double) {
        self.speaker = speaker
        self.start = start
        self.end = end
    }

    /// The stretches where one speaker talks alone: each turn minus any time another
    /// speaker overlaps it.
    public static func solo(_ turns: [SpeechTurn]) -> [SpeechTurn] {
        var out: [SpeechTurn] = []
        for turn in turns {
            var pieces = [(turn.start, turn.end)]
            for other in turns where other.speaker != turn.speaker {
                pieces = pieces.flatMap { (a, b) -> [(Double, Double)] in
                    guard other.start < b, other.end > a else { return [(a, b)] }
                    return [(a, other.start), (other.end, b)].filter { $0.1 > $0.0 }
                }
            }
            out += pieces.map { SpeechTurn(speaker: turn.speaker, start: $0.0, end: $0.1) }
        }
        return out.sorted { $0.start < $1.start }
    }

    /// Turns written as RTTM rows (the format `rttm(_:)` reads), for `file` as the recording's name.
    public static func rttmText(_ turns: [SpeechTurn], file: String) -> String {
        turns.map { String(format: "SPEAKER %@ 1 %.3f %.3f <NA> <NA> %@ <NA> <NA>\n", file, $0.start, $0.end - $0.start, $0.speaker) }.joined()
    }

    /// Reads an RTTM file's SPEAKER rows (onset in field 4, duration in 5, name in 8).
    public static func rttm(_ text: String) -> [SpeechTurn] {
        text.split(whereSeparator: \.isNewline).compactMap { row in
            let f = row.split(whereSeparator: \.isWhitespace)
            guard f.count >= 8, f[0] == "SPEAKER", let onset = Double(f[3]), let length = Double(f[4]) else { return nil }
            return SpeechTurn(speaker: String(f[7]), start: onset, end: onset + length)
        }
    }
}

/// Turns the caption pipeline's events into the home protocol's `text` messages.
///
///     {"type":"text","utterance":0,"text":"…","final":false,"confidence":0.93,"end_s":12.4, …}
///
/// `utterance` counts from 0 on each connection and moves on after each final, so every
/// utterance gets exactly one final (its text may be empty: a line withdrawn as nothing). A
/// live pass that heard nothing sends nothing. `end_s` is seconds of the client's audio: for a
/// partial, the audio received when it was made; for a final, the speech's end plus 0.3 s
/// (what Ozen's own server sends), never beyond the audio received. Speaker, numbers, the
/// line's direction and the "?" mark come along as extra fields, which older clients ignore;
/// so do `segments`, the pieces of the passes behind the text with Whisper's measures of each.
///
/// A locked line heard again and corrected (`LineCorrector`) is sent once more as a final for
/// the utterance it was sent as, with `"corrected": true`: the phone replaces that utterance's
/// words in place.
public struct HomeTextNumbering: Sendable {
    public private(set) var utterance = 0
    /// The utterance each recent line was sent as, for its correction.
    private var sentAs: [Int: Int] = [:]
    public init() {}

    public mutating func message(for event: CaptionEvent) -> JSONValue? {
        switch event {
        case .partial(let line, let at):
            guard !line.text.isEmpty else { return nil }
            return Self.text(line, utterance: utterance, final: false, endSeconds: at)
        case .line(let line, let at):
            defer { utterance += 1 }
            sentAs[line.id] = utterance
            if sentAs.count > 64, let oldest = sentAs.keys.min() { sentAs[oldest] = nil }
            return Self.text(line, utterance: utterance, final: true, endSeconds: min(line.end + 0.3, max(at, line.end)))
        case .corrected(let correction, _):
            let line = correction.line
            guard let number = sentAs[line.id],
                  case .object(let fields) = Self.text(line, utterance: number, final: true, endSeconds: line.end + 0.3) else { return nil }
            return .object(fields + [("corrected", .bool(true))])
        default:
            return nil
        }
    }

    static func text(_ line: CaptionLine, utterance: Int, final: Bool, endSeconds: Double) -> JSONValue {
        let extra = line.jsonFields.filter { ["speaker", "uncertain", "language", "direction", "numbers"].contains($0.0) }
        return .object([
            ("type", .string("text")),
            ("utterance", .int(utterance)),
            ("text", .string(line.text)),
            ("final", .bool(final)),
            ("confidence", line.confidence.map { .number($0, decimals: 3) } ?? .null),
            ("end_s", .number(endSeconds, decimals: 3)),
            ("id", .int(line.id)),
        ] + extra + [("segments", .array(line.segments.map(\.json)))])
    }
}

/// One piece (a Whisper segment) of a recognizer pass, with Whisper's own measures of it, so a
/// client can see why a line looks doubtful: the home protocol's `text` frames carry them as
/// `segments`. Only finite numbers reach JSON: a value that is unknown or not finite is left out.
public struct PassSegment: Sendable, Equatable {
    /// The piece's text as the recognizer gave it (before the pipeline's cleanup).
    public var text: String
    /// Probability that the pass's audio holds no speech (Whisper's no-speech token). whisper.cpp
    /// 1.8.5 gives no working per-segment value, so every piece of a pass carries the pass's.
    public var noSpeechProbability: Double?
    /// Mean natural-log probability of the piece's text tokens (Whisper's `avg_logprob`).
    public var averageLogProbability: Double?
    /// How repetitive the piece's text is (`CompressionRatio`: LZW, ordinary text near 1, a loop 1.4 and up).
    public var compressionRatio: Double

    public init(text: String, noSpeechProbability: Double? = nil, averageLogProbability: Double? = nil) {
        self.text = text
        self.noSpeechProbability = noSpeechProbability
        self.averageLogProbability = averageLogProbability
        compressionRatio = CompressionRatio.of(text)
    }

    /// `{"text":"…","no_speech":0.012,"logprob":-0.231,"compression":0.95}`, finite numbers only.
    public var json: JSONValue {
        var fields: [(String, JSONValue)] = [("text", .string(text))]
        if let p = noSpeechProbability, p.isFinite { fields.append(("no_speech", .number(min(max(p, 0), 1), decimals: 4))) }
        if let l = averageLogProbability, l.isFinite { fields.append(("logprob", .number(l, decimals: 4))) }
        if compressionRatio.isFinite { fields.append(("compression", .number(compressionRatio, decimals: 3))) }
        return .object(fields)
    }
}

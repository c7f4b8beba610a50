/// A stretch of a recording in which someone is speaking, in samples at 16 kHz.
public struct SpeechSpan: Sendable, Equatable {
    public var start: Int
    public var end: Int
    public init(start: Int, end: Int) {
        self.start = start
        self.end = end
    }
}

/// Finds where people speak, so no recognizer pass runs on audio without voice.
/// Silero through sherpa-onnx is the real one (OzenEngines).
public protocol VoiceActivityDetector: Sendable {
    /// Spans of speech in `samples` (16 kHz mono), in order, none longer than the
    /// detector's configured maximum.
    func speechSpans(in samples: [Float]) throws -> [SpeechSpan]
}

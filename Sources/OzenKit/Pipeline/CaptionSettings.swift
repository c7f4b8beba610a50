/// The numbers that shape how a recording becomes caption lines.
public struct CaptionSettings: Sendable, Equatable {
    public var language: SpokenLanguage
    /// Beam width of the pass that produces a final line. 5 is Whisper's own default for
    /// final decoding; greedy (1) is what live passes use.
    public var finalBeamSize: Int
    /// Audio added before a detected speech span, in seconds. Silero (through sherpa-onnx)
    /// opens a span about 0.4 s after the first word: on the LibriVox clip -0880 speech starts
    /// at 0.25 s and the span at 0.67 s. With 0.2 s the first words were lost ("He was not…"
    /// came out "not, an…", LibriVox WER 19.7 %); with 0.5 s every first word was heard (2.8 %).
    public var spanLeadIn: Double
    /// Audio added after a span, so the last phoneme is not clipped.
    public var spanTail: Double
    /// How late the detector opens a span; a line's `start` is moved back by this much.
    public var detectorOnsetLag: Double
    /// A line whose confidence is below this is marked `uncertain` (shown with "?").
    /// 0.5: on the English fixtures every correct line scored above 0.7.
    public var uncertainBelow: Double

    public init(language: SpokenLanguage = .default, finalBeamSize: Int = 5,
                spanLeadIn: Double = 0.5, spanTail: Double = 0.3, detectorOnsetLag: Double = 0.4,
                uncertainBelow: Double = 0.5) {
        self.language = language
        self.finalBeamSize = finalBeamSize
        self.spanLeadIn = spanLeadIn
        self.spanTail = spanTail
        self.detectorOnsetLag = detectorOnsetLag
        self.uncertainBelow = uncertainBelow
    }

    public static let `default` = CaptionSettings()
}

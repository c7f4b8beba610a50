/// The numbers that shape how a recording becomes caption lines.
public struct CaptionSettings: Sendable, Equatable {
    public var language: SpokenLanguage
    /// Beam width of the pass that produces a final line. 5 is Whisper's own default for
    /// final decoding; greedy (1) is what live passes use.
    public var finalBeamSize: Int
    /// Audio kept on each side of a detected speech span, in seconds, so the first and last
    /// phonemes (which Silero tends to clip) reach the recognizer.
    public var spanPadding: Double
    /// A line whose confidence is below this is marked `uncertain` (shown with "?").
    /// 0.5: on the English fixtures every correct line scored above 0.7.
    public var uncertainBelow: Double

    public init(language: SpokenLanguage = .default, finalBeamSize: Int = 5,
                spanPadding: Double = 0.2, uncertainBelow: Double = 0.5) {
        self.language = language
        self.finalBeamSize = finalBeamSize
        self.spanPadding = spanPadding
        self.uncertainBelow = uncertainBelow
    }

    public static let `default` = CaptionSettings()
}

/// How a final pass differs from decoding the same audio offline, apart from its encoder
/// window (`LiveSettings.finalAudioContextMargin`) and beam (`LiveSettings.finalBeamSize`):
/// what it is primed with, Whisper's temperature fallback, silence around the utterance, and
/// the final-pass policy that may decode it again or keep the live words. `ozen bench accuracy
/// --ablation` turns each off in turn, so the cost of each in locked words is measured rather
/// than guessed.
public struct FinalPassChoices: Sendable, Equatable {
    /// Final passes are primed with the line's earlier words and her names list (`PassPrompt`).
    public var prompted = true
    /// Whisper's temperature fallback on every final pass (off: only a pass that looped is
    /// decoded again with it; `DecodingOptions.allowsFallback` says why).
    public var fallback = false
    /// Seconds of silence put before and after the utterance's audio (the cutter already keeps
    /// `leadIn` and `tail` of the audio itself).
    public var silencePadding = 0.0
    /// `FinalPassPolicy`: a looping, stray or dropped pass is decoded again, the hallucination
    /// gate has the last word, and the live words stand when nothing survives. Off: the first
    /// pass's words, as they came.
    public var policy = true
    /// Encoder frames a final pass gets at least, however short its audio (nil: its audio and
    /// `LiveSettings.finalAudioContextMargin` alone).
    public var minimumWindow: Int?

    public init() {}
    public static let `default` = FinalPassChoices()
}

/// Drops what Whisper invents out of noise or silence instead of showing it as speech.
///
/// Rules, each from a known failure: Whisper's own pair (no-speech probability above 0.6 while
/// the mean token log-probability is below -1); a text that repeats itself (LZW compression
/// ratio above 1.3: ordinary English and Hebrew sentences measured 0.88–1.01, "Thank you."
/// looping seven times 1.41); the prompt read back; and the phrases Whisper learned from
/// subtitle credits ("Thanks for watching", "תודה רבה") when the audio is near silent; and
/// her words list read back (two or more of its entries and nothing else); and speech too
/// muffled to understand, a television in the next room (`BandModulation`).
/// Ozen's gate of this kind skipped 210 of 225 household-noise recordings (docs/findings.md,
/// "The hallucination gate").
public struct HallucinationGate: Sendable {
    public struct Settings: Sendable, Equatable {
        public var noSpeechAbove = 0.6
        public var logProbabilityBelow = -1.0
        public var compressionAbove = 1.3
        /// Audio quieter than this (RMS) counts as near silent for the phantom-phrase rule.
        public var nearSilentBelowDBFS = -45.0
        public init() {}
        public static let `default` = Settings()
    }

    public enum Verdict: Sendable, Equatable {
        case keep
        case drop(reason: String)
    }

    /// Phrases Whisper produces from silence and noise, normalised (see `WordStabilizer.normalised`).
    public static let phantomPhrases: Set<String> = [
        "thanks for watching", "thank you for watching", "thank you", "thanks for watching and see you next time",
        "please subscribe", "subscribe to the channel", "like and subscribe", "see you next time", "bye",
        "subtitles by the amaraorg community", "subtitles by", "transcription by castingwords",
        "you", "so", "the end",
        "תודה רבה", "תודה", "תודה שצפיתם", "תודה רבה שצפיתם", "תודה על הצפייה", "כתוביות", "תרגום", "הירשמו לערוץ",
        "tack för att du tittade", "tack", "undertexter", "textning",
    ]

    public let settings: Settings
    public init(settings: Settings = .default) { self.settings = settings }

    public func judge(_ transcript: Transcript, prompt: String?, audioLevel: AudioLevel,
                      modulation: BandModulation? = nil, wordsList: WordsList? = nil) -> Verdict {
        let text = transcript.text
        let normalisedText = Self.normalisedPhrase(text)
        if normalisedText.isEmpty { return .drop(reason: "empty") }
        if let modulation, modulation.soundsMuffled { return .drop(reason: "muffled") }
        if let wordsList, wordsList.isReadBack(text) { return .drop(reason: "words list read back") }
        if let noSpeech = transcript.noSpeechProbability, let logProb = transcript.averageLogProbability,
           noSpeech > settings.noSpeechAbove, logProb < settings.logProbabilityBelow {
            return .drop(reason: "no speech")
        }
        if CompressionRatio.of(text) > settings.compressionAbove { return .drop(reason: "repetition") }
        if let prompt, !prompt.isEmpty {
            let p = Self.normalisedPhrase(prompt)
            if normalisedText.count >= 8 && p.contains(normalisedText) { return .drop(reason: "prompt read back") }
        }
        if Self.phantomPhrases.contains(normalisedText),
           audioLevel.rmsDBFS < settings.nearSilentBelowDBFS || (transcript.noSpeechProbability ?? 0) > 0.3 {
            return .drop(reason: "phantom phrase")
        }
        return .keep
    }

    static func normalisedPhrase(_ text: String) -> String {
        text.split(whereSeparator: { $0.isWhitespace }).map { WordStabilizer.normalised(String($0)) }
            .filter { !$0.isEmpty }.joined(separator: " ")
    }
}

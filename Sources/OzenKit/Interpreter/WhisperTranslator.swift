import Foundation

/// The offline translator: Whisper's own translate task on the sentence's audio, in the pinned
/// source language, with the English of the sentences before it as the prompt when it gets
/// context (the prompt belongs in the target language: docs/findings.md, "Whisper's translate
/// task"). Whisper base's sv→en BLEU is 9–11 in the Whisper paper, small 23–30, medium 32–40:
/// bigger models are what users should install for this.
public struct WhisperTranslator: SentenceTranslator {
    public let name = "whisper"
    let recognizer: any SpeechRecognizer
    /// Beam width (Whisper's default for final text) and encoder frames beyond the audio's own
    /// (128: the caption final passes' margin when the interpreter was measured; theirs is 256
    /// since the clean tables' ablation, `LiveSettings.finalAudioContextMargin`, and the
    /// interpreter's has not been measured again).
    let beamSize: Int
    let audioContextMargin: Int?
    /// Characters of earlier English given as the prompt.
    let promptCharacters: Int
    /// Decodes at the lowest priority, beside the pipeline (`FullWindowReviewer`).
    let inBackground: Bool

    public init(recognizer: any SpeechRecognizer, beamSize: Int = 5, audioContextMargin: Int? = 128, promptCharacters: Int = 200,
                inBackground: Bool = false) {
        self.recognizer = recognizer
        self.inBackground = inBackground
        self.beamSize = beamSize
        self.audioContextMargin = audioContextMargin
        self.promptCharacters = promptCharacters
    }

    public func translate(_ sentence: SentenceToTranslate) throws -> String {
        var options = DecodingOptions(language: sentence.language, beamSize: beamSize, allowsFallback: false,
                                      audioContextMargin: audioContextMargin)
        options.translatesToEnglish = true
        options.runsInBackground = inBackground
        let earlier = sentence.context.map(\.english).joined(separator: " ")
        if !earlier.isEmpty { options.prompt = String(earlier.suffix(promptCharacters)) }
        let transcript = try recognizer.transcribe(sentence.audio, options: options)
        let english = LoopGuard.cleanedLine(transcript.text).trimmingCharacters(in: .whitespacesAndNewlines)
        // "Tak, tak." is "Thank you, thank you.": a repeat is kept when the speaker repeated herself.
        let sourceRepeats = Self.singleCopy(sentence.source) != sentence.source
        return sourceRepeats ? english : Self.singleCopy(english)
    }

    /// One copy of a translation that is the same words twice or more: a sentence whose source
    /// is not itself repeated is said once, and Whisper base wrote "I received a message. I received a
    /// message." for the Italian "Messaggio cancellato." (the interpreter fixtures).
    static func singleCopy(_ text: String) -> String {
        let words = text.split(separator: " ").map(String.init)
        let keys = words.map(WordStabilizer.normalised)
        guard words.count >= 2 else { return text }
        for copies in stride(from: words.count, through: 2, by: -1) where words.count % copies == 0 {
            let length = words.count / copies
            let first = Array(keys[0..<length])
            if (1..<copies).allSatisfy({ Array(keys[$0 * length..<($0 + 1) * length]) == first }) {
                return words[(copies - 1) * length..<words.count].joined(separator: " ")
            }
        }
        return text
    }
}

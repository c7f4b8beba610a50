/// A sentence sent to be translated: its audio (16 kHz mono), what the recognizer heard, and
/// the sentences before it when it is short enough to need them (`InterpreterSettings`).
public struct SentenceToTranslate: Sendable {
    public var audio: [Float]
    public var source: String
    public var language: SpokenLanguage
    /// Earlier sentences, oldest first; empty when the sentence is read alone.
    public var context: [SentenceTranslation]

    public init(audio: [Float], source: String, language: SpokenLanguage, context: [SentenceTranslation] = []) {
        self.audio = audio
        self.source = source
        self.language = language
        self.context = context
    }
}

/// Turns one closed sentence into English. `WhisperTranslator` (offline, the default) reads
/// the audio again with Whisper's translate task; the LLM translator (OzenIO) sends the text to
/// an OpenAI-compatible chat endpoint. A translator that throws is replaced by the fallback
/// for that sentence, so nothing is dropped.
public protocol SentenceTranslator: Sendable {
    /// Shown in the `translation` event ("whisper", "llm").
    var name: String { get }
    func translate(_ sentence: SentenceToTranslate) throws -> String
}

/// The second pass: a bigger recognizer (on her own computer) hears a closed sentence again,
/// and translates it when what it heard differs from the first version.
public protocol SentenceReviewer: Sendable {
    /// Shown in the status when it fails (the second pass's address).
    var name: String { get }
    /// What it heard, in the source language.
    func hear(audio: [Float], language: SpokenLanguage) throws -> String
    /// Its English for the audio; nil when it cannot translate (the first English then stays).
    func translate(audio: [Float], language: SpokenLanguage, previousEnglish: String?) throws -> String?
    /// The same, knowing what it heard in the source language.
    func translate(audio: [Float], language: SpokenLanguage, source: String, previousEnglish: String?) throws -> String?
    /// Whether the English is made again even when it heard the same words (the full window on
    /// this computer, whose English differs too); false: the first English stands, checked.
    var translatesWhatItHeardTheSame: Bool { get }
}

public extension SentenceReviewer {
    var translatesWhatItHeardTheSame: Bool { false }
    func translate(audio: [Float], language: SpokenLanguage, source: String, previousEnglish: String?) throws -> String? {
        try translate(audio: audio, language: language, previousEnglish: previousEnglish)
    }
}

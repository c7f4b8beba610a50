/// What the recognizer heard in a piece of audio.
public struct Transcript: Sendable, Equatable {
    public var text: String
    /// Mean probability of the text tokens (0…1), nil when there were none.
    public var confidence: Double?
    /// The language the recognizer decoded in (the pinned one, or the detected one for `auto`).
    public var language: String

    public init(text: String, confidence: Double?, language: String) {
        self.text = text
        self.confidence = confidence
        self.language = language
    }
}

/// How a pass decodes: live passes are greedy and cheap, the final pass may search wider.
public struct DecodingOptions: Sendable, Equatable {
    public var language: SpokenLanguage
    /// 1 = greedy; more = beam search with that many beams.
    public var beamSize: Int
    /// Text the recognizer is primed with (names, the settled words before this audio).
    public var prompt: String?

    public init(language: SpokenLanguage, beamSize: Int = 1, prompt: String? = nil) {
        self.language = language
        self.beamSize = beamSize
        self.prompt = prompt
    }
}

/// Turns 16 kHz mono audio into text. whisper.cpp is the real one (OzenEngines).
public protocol SpeechRecognizer: Sendable {
    func transcribe(_ samples: [Float], options: DecodingOptions) throws -> Transcript
}

/// The second pass on this computer, when no bigger computer is named (`--second-pass`): each
/// closed sentence heard and translated again with Whisper's full 30 s window, as the same model
/// does with no time pressure, at the lowest CPU priority (`DecodingOptions.runsInBackground`).
/// The first English comes from a window sized to the sentence, which keeps it quick; this is
/// the captions' correction in place (`LineCorrector`) carried over to the interpreter: both the
/// source and the English are replaced (`revised`) when either comes out different.
public struct FullWindowReviewer: SentenceReviewer {
    public let name = "this computer, full window"
    let recognizer: any SpeechRecognizer
    let settings: CorrectionSettings
    /// Sentences of at most this many words get the English before them as their prompt, as
    /// the first translation does (`InterpreterSettings.contextUpToWords`).
    let contextUpToWords: Int

    /// Whether its decodes run at the lowest priority: true on the second pass's own thread;
    /// false when the interpreter reviews inline (a file on the steady clock), since a
    /// background decode lowers its calling thread for good.
    let inBackground: Bool

    public init(recognizer: any SpeechRecognizer, settings: CorrectionSettings = .default,
                contextUpToWords: Int = InterpreterSettings.default.contextUpToWords, inBackground: Bool = true) {
        self.recognizer = recognizer
        self.inBackground = inBackground
        self.settings = settings
        self.contextUpToWords = contextUpToWords
    }

    /// The English is decoded again even when the words came out the same: the wider window
    /// changes the translation too.
    public var translatesWhatItHeardTheSame: Bool { true }

    public func hear(audio: [Float], language: SpokenLanguage) throws -> String {
        var options = DecodingOptions(language: language, beamSize: settings.beamSize, prompt: nil, allowsFallback: true,
                                      audioContextMargin: settings.audioContextMargin)
        options.runsInBackground = inBackground
        return try recognizer.transcribe(audio, options: options).text
    }

    public func translate(audio: [Float], language: SpokenLanguage, previousEnglish: String?) throws -> String? {
        try translate(audio: audio, language: language, source: "", previousEnglish: previousEnglish)
    }

    public func translate(audio: [Float], language: SpokenLanguage, source: String, previousEnglish: String?) throws -> String? {
        let translator = WhisperTranslator(recognizer: recognizer, beamSize: settings.beamSize,
                                           audioContextMargin: settings.audioContextMargin, inBackground: inBackground)
        let words = source.split(separator: " ").count
        let context = (words <= contextUpToWords ? previousEnglish : nil).map {
            [SentenceTranslation(id: 0, start: 0, end: 0, source: "", language: language.rawValue, english: $0, translator: name, usedContext: false)]
        } ?? []
        return try translator.translate(SentenceToTranslate(audio: audio, source: source, language: language, context: context))
    }
}

/// Two models, one pipeline: the live passes (words that may still change) from a fast model,
/// every other pass (each closed line's final pass, a translation, an offline decode) from a
/// stronger one, as the reference home server's `--final-model` does. The fast model keeps the
/// words on screen quick; the line that locks, the one she reads and keeps, gets the better
/// model. `--final-model NAME` on caption, listen, serve, interpret and dictate.
public struct FinalModelRecognizer: SpeechRecognizer {
    public let live: any SpeechRecognizer
    public let final: any SpeechRecognizer

    public init(live: any SpeechRecognizer, final: any SpeechRecognizer) {
        self.live = live
        self.final = final
    }

    /// `live` alone when there is no final model; the pair otherwise.
    public static func pairing(live: any SpeechRecognizer, final: (any SpeechRecognizer)?) -> any SpeechRecognizer {
        final.map { FinalModelRecognizer(live: live, final: $0) } ?? live
    }

    /// Which model a pass with `options` goes to.
    public func model(for options: DecodingOptions) -> any SpeechRecognizer {
        options.isLivePass ? live : final
    }

    public func transcribe(_ samples: [Float], options: DecodingOptions) throws -> Transcript {
        try model(for: options).transcribe(samples, options: options)
    }

    /// The prompt budget is counted once for both; Whisper's models share one tokenizer.
    public func tokenCount(_ text: String) -> Int { live.tokenCount(text) }
}

/// The knobs that carry secrets for the services Ozen talks to. Their values are never
/// logged, printed or put in the diagnostics.
extension Knob {
    /// Her providers' key, over the one saved beside them (`ProviderStore`).
    public static let apiKey = Knob("OZEN_API_KEY",
        meaning: "The key for her providers (cloud captions, the llm translator, dictation's polish); wins over the key saved with `ozen … provider set`.",
        rule: .text("a key"), defaultValue: "the key saved beside the provider ($OZEN_HOME/providers/PURPOSE.key)")

    /// The pairing token of the server the interpreter's second pass goes to.
    public static let secondPassToken = Knob("OZEN_SECOND_PASS_TOKEN",
        meaning: "The pairing token of the `ozen serve --lan` that the interpreter's second pass (`--second-pass URL`) goes to.",
        rule: .text("a token"), defaultValue: "none: requests go without a token")
}

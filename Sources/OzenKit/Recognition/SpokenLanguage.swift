/// The language the recognizer is told to expect: one of Whisper's languages, pinned, never
/// guessed, unless `auto`. Whisper base guessed "ja" for a 1.8 s English clip (docs/findings.md,
/// "Whisper's language guess"), and a wrong guess turns a whole line into a translation.
///
/// Captions are Hebrew first; the interpreter takes any language Whisper knows as its source.
public struct SpokenLanguage: RawRepresentable, Hashable, Sendable {
    public let rawValue: String

    /// nil for a code Whisper does not know.
    public init?(rawValue: String) {
        let code = rawValue.lowercased()
        guard code == "auto" || Self.whisperCodes.contains(code) else { return nil }
        self.rawValue = code
    }

    private init(known code: String) { rawValue = code }

    public static let hebrew = SpokenLanguage(known: "he")
    public static let english = SpokenLanguage(known: "en")
    public static let swedish = SpokenLanguage(known: "sv")
    public static let auto = SpokenLanguage(known: "auto")

    /// Hebrew first: Ozen is built for Hebrew conversations.
    public static let `default` = SpokenLanguage.hebrew

    /// The code Whisper takes, or nil to let it detect the language.
    public var whisperCode: String? { self == .auto ? nil : rawValue }

    /// The 99 language codes of Whisper's multilingual models (and Cantonese, added in large-v3).
    public static let whisperCodes: Set<String> = [
        "en", "zh", "de", "es", "ru", "ko", "fr", "ja", "pt", "tr", "pl", "ca", "nl", "ar", "sv", "it", "id", "hi",
        "fi", "vi", "he", "uk", "el", "ms", "cs", "ro", "da", "hu", "ta", "no", "th", "ur", "hr", "bg", "lt", "la",
        "mi", "ml", "cy", "sk", "te", "fa", "lv", "bn", "sr", "az", "sl", "kn", "et", "mk", "br", "eu", "is", "hy",
        "ne", "mn", "bs", "kk", "sq", "sw", "gl", "mr", "pa", "si", "km", "sn", "yo", "so", "af", "oc", "ka", "be",
        "tg", "sd", "gu", "am", "yi", "lo", "uz", "fo", "ht", "ps", "tk", "nn", "mt", "sa", "lb", "my", "bo", "tl",
        "mg", "as", "tt", "haw", "ln", "ha", "ba", "jw", "su", "yue",
    ]
}

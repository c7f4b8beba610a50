/// The language the recognizer is told to expect. Pinned, never guessed, unless `auto`:
/// Whisper base guessed "ja" for a 1.8 s English clip (RESEARCH.md), and a wrong guess
/// turns a whole line into a translation.
public enum SpokenLanguage: String, Sendable, CaseIterable {
    case hebrew = "he"
    case english = "en"
    case swedish = "sv"
    case auto

    /// Hebrew first: Ozen is built for Hebrew conversations.
    public static let `default` = SpokenLanguage.hebrew

    /// The code Whisper takes, or nil to let it detect the language.
    public var whisperCode: String? { self == .auto ? nil : rawValue }
}

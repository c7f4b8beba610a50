/// The voice that says a sentence she typed: Hebrew and Swedish through eSpeak NG, English
/// through the Piper voice.
///
/// Chosen by the text unless she names a language: any Hebrew letter means Hebrew (eSpeak
/// reads the Latin words inside a Hebrew sentence in its English voice by itself), anything
/// else English. Swedish only when asked for: Swedish and English share an alphabet, and a
/// guess on a short sentence would be wrong too often to be worth it.
public enum SpeechVoice: String, Sendable, CaseIterable {
    case hebrew = "he"
    case english = "en"
    case swedish = "sv"

    /// The voice for `text`; `asked` (from `--language` or the display) wins when given.
    public static func choose(for text: String, asked: SpokenLanguage? = nil) -> SpeechVoice {
        switch asked {
        case .hebrew?: return .hebrew
        case .english?: return .english
        case .swedish?: return .swedish
        default: return containsHebrew(text) ? .hebrew : .english
        }
    }

    /// Whether `text` has a Hebrew letter (the alphabet block or its presentation forms).
    public static func containsHebrew(_ text: String) -> Bool {
        text.unicodeScalars.contains { (0x05D0...0x05EA).contains($0.value) || (0xFB1D...0xFB4F).contains($0.value) }
    }

    /// The language a recognizer should be pinned to when it reads this voice back.
    public var spokenLanguage: SpokenLanguage {
        switch self {
        case .hebrew: return .hebrew
        case .english: return .english
        case .swedish: return .swedish
        }
    }
}

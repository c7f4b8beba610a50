import Foundation
import Synchronization

/// The language Ozen's own words are shown in (menus, messages, `ozen` output) — not the
/// language spoken, which is `SpokenLanguage`. Hebrew and English, because every string is
/// written in both (`tr`).
///
/// It follows a setting when one is made (`InterfaceLanguage.use`), else the POSIX locale
/// variables in their order of precedence — LC_ALL, LC_MESSAGES, LANG — and is Hebrew when
/// the first one set starts with "he" (or the old code "iw"), English otherwise.
public enum InterfaceLanguage: String, Sendable, CaseIterable {
    case hebrew = "he"
    case english = "en"

    /// The language from a setting ("he", "en", "hebrew", "עברית") or nil when it names none.
    public init?(setting: String) {
        switch setting.lowercased().trimmingCharacters(in: .whitespaces) {
        case "he", "heb", "hebrew", "עברית", "iw": self = .hebrew
        case "en", "eng", "english", "אנגלית": self = .english
        default: return nil
        }
    }

    /// The language the locale variables in `environment` ask for.
    public static func resolve(environment: [String: String], setting: String? = nil) -> InterfaceLanguage {
        if let setting, let chosen = InterfaceLanguage(setting: setting) { return chosen }
        for key in ["LC_ALL", "LC_MESSAGES", "LANG"] {
            guard let value = environment[key], !value.isEmpty else { continue }
            let lower = value.lowercased()
            return lower.hasPrefix("he") || lower.hasPrefix("iw") ? .hebrew : .english
        }
        return .english
    }

    /// The language `tr` uses now: the setting made with `use`, else the environment's.
    public static var current: InterfaceLanguage {
        InterfaceLanguageSetting.shared.value ?? resolve(environment: ProcessInfo.processInfo.environment)
    }

    /// Makes `language` the interface language (nil: follow the environment again).
    public static func use(_ language: InterfaceLanguage?) {
        InterfaceLanguageSetting.shared.value = language
    }
}

/// The one piece of process-wide state the interface language needs: the user's setting.
/// Guarded by a lock so any thread may read it.
private final class InterfaceLanguageSetting: Sendable {
    static let shared = InterfaceLanguageSetting()
    private let stored = Mutex<InterfaceLanguage?>(nil)

    var value: InterfaceLanguage? {
        get { stored.withLock { $0 } }
        set { stored.withLock { $0 = newValue } }
    }
}

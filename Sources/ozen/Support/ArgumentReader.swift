import OzenKit
import OzenSessions
/// Reads `--name value` options (repeatable) and `--flag`s, leaving positional arguments in order.
/// Anything unrecognised is an error that names it.
struct ArgumentReader {
    private(set) var positional: [String] = []
    private var values: [String: [String]] = [:]
    private var flags: Set<String> = []

    init(_ arguments: [String], options: Set<String>, flags allowedFlags: Set<String>) throws {
        var i = 0
        while i < arguments.count {
            let a = arguments[i]
            if a.hasPrefix("--") {
                var key = a, inlineValue: String?
                if let eq = a.firstIndex(of: "=") {
                    key = String(a[..<eq])
                    inlineValue = String(a[a.index(after: eq)...])
                }
                if options.contains(key) {
                    if let inlineValue { values[key, default: []].append(inlineValue) }
                    else {
                        guard i + 1 < arguments.count else { throw UsageError(tr("ל־\(key) חסר ערך", "\(key) needs a value")) }
                        values[key, default: []].append(arguments[i + 1])
                        i += 1
                    }
                } else if allowedFlags.contains(key), inlineValue == nil {
                    flags.insert(key)
                } else {
                    throw UsageError(tr("אפשרות לא מוכרת \(a) — הריצו `ozen help`", "unknown option \(a) — run `ozen help`"))
                }
            } else {
                positional.append(a)
            }
            i += 1
        }
    }

    /// The last value given for `name`.
    func value(_ name: String) -> String? { values[name]?.last }

    /// `--language`'s spoken language (`fallback` when it is not given), or a usage error naming
    /// the ones there are. The one place every command checks it: Hebrew unless a command says
    /// otherwise (the benches, whose recordings are English, say English).
    func spokenLanguage(default fallback: SpokenLanguage = .default) throws -> SpokenLanguage {
        try spokenLanguageIfGiven() ?? fallback
    }

    /// `--language`, when given, among `allowed` (nil: any of Whisper's), or a usage error.
    func spokenLanguageIfGiven(among allowed: [SpokenLanguage]? = nil) throws -> SpokenLanguage? {
        guard let code = value("--language") else { return nil }
        guard let language = SpokenLanguage(rawValue: code), allowed?.contains(language) ?? true else {
            if let allowed {
                let codes = allowed.map(\.rawValue).joined(separator: ", ")
                throw UsageError(tr("שפה לא מוכרת '\(code)' — כאן אפשר \(codes)", "unknown language '\(code)' — here use \(codes)"))
            }
            throw UsageError(tr("שפה לא מוכרת '\(code)' — השתמשו בקוד שפה של Whisper (he, en, sv, fr…) או auto", "unknown language '\(code)' — use a Whisper language code (he, en, sv, fr…) or auto"))
        }
        return language
    }

    /// `--language` among `allowed`, `fallback` when it is not given.
    func spokenLanguage(among allowed: [SpokenLanguage], default fallback: SpokenLanguage = .default) throws -> SpokenLanguage {
        try spokenLanguageIfGiven(among: allowed) ?? fallback
    }
    /// Every value given for a repeatable option, in order.
    func values(_ name: String) -> [String] { values[name] ?? [] }
    func flag(_ name: String) -> Bool { flags.contains(name) }
}

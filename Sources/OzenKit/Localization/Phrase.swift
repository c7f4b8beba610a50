import Foundation

/// A string Ozen shows a person, written once in both interface languages. Every
/// user-facing string goes through `tr(hebrew, english)` with two literals, so that
/// `PhraseCatalog` can find every one in the sources and a test can check each has both
/// sides and the same placeholders.
public struct Phrase: Sendable, Hashable {
    public var hebrew: String
    public var english: String

    public init(hebrew: String, english: String) {
        self.hebrew = hebrew
        self.english = english
    }

    public func text(in language: InterfaceLanguage) -> String {
        language == .hebrew ? hebrew : english
    }

    /// The format placeholders of `text` in order of appearance: printf's (%d, %@, %s, %ld,
    /// %.1f, %1$@), named ({name}) and Swift interpolations (\(…), written as "\()").
    public static func placeholders(in text: String) -> [String] {
        var found: [String] = []
        let chars = Array(text)
        var i = 0
        while i < chars.count {
            let c = chars[i]
            if c == "%" {
                if i + 1 < chars.count, chars[i + 1] == "%" { i += 2; continue }
                var j = i + 1
                while j < chars.count, "0123456789$.-+# lhqzjt".contains(chars[j]) { j += 1 }
                if j < chars.count, "dDiuUxXoOfFeEgGcCsSp@aA".contains(chars[j]) {
                    found.append(String(chars[i...j]))
                    i = j + 1
                    continue
                }
            } else if c == "{", let close = chars[(i + 1)...].firstIndex(of: "}"),
                      close > i + 1, chars[(i + 1)..<close].allSatisfy({ $0.isLetter || $0.isNumber || $0 == "_" }) {
                found.append(String(chars[i...close]))
                i = close + 1
                continue
            } else if c == "\\", i + 1 < chars.count, chars[i + 1] == "(" {
                found.append("\\()")
            }
            i += 1
        }
        return found
    }

    /// What is wrong with this phrase: an empty side, or placeholders that differ between
    /// the sides (as a multiset: Hebrew may order them differently only with positional
    /// placeholders like %1$@).
    public var problems: [String] {
        var problems: [String] = []
        if hebrew.trimmingCharacters(in: .whitespaces).isEmpty { problems.append("Hebrew side is empty") }
        if english.trimmingCharacters(in: .whitespaces).isEmpty { problems.append("English side is empty") }
        let he = Self.placeholders(in: hebrew), en = Self.placeholders(in: english)
        if he.sorted() != en.sorted() {
            problems.append("placeholders differ: Hebrew \(he) vs English \(en)")
        } else if he != en, !he.allSatisfy({ $0.contains("$") || $0.hasPrefix("{") }) {
            problems.append("placeholders in a different order need positions (%1$@): Hebrew \(he) vs English \(en)")
        }
        return problems
    }
}

/// The string for the current interface language (`InterfaceLanguage.current`). Write both
/// sides as literals: `tr("שלום", "Hello")`.
public func tr(_ hebrew: String, _ english: String) -> String {
    Phrase(hebrew: hebrew, english: english).text(in: InterfaceLanguage.current)
}

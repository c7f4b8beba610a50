/// The letters Hebrew attaches to the front of a word: ו (and), ש / כש (that, when),
/// ב כ ל מ (in, as, to, from) and ה (the), in that order ("ולרותי", "וכשבבית", "מהרופא").
///
/// The order is the grammar's: conjunction, then relative, then preposition, then article.
/// ה after ב, כ or ל is elided in writing ("לרופא", never "להרופא"), so it is allowed only
/// alone or after מ, ש, כש or ו. Short keywords (≤ 3 letters: "לי", "בן", "שרה") accept only
/// prefixes of at most two letters, because a longer run of prefix letters in front of a
/// short name is far more often an ordinary word than the name (see `EverydayWords`).
public enum HebrewPrefix {
    /// Every valid prefix, in folded spelling, longest first; "" is not included.
    public static let all: [String] = {
        var prefixes: Set<String> = []
        for conjunction in ["", "ו"] {
            for relative in ["", "ש", "כש"] {
                for preposition in ["", "ב", "כ", "ל", "מ"] {
                    for article in ["", "ה"] {
                        if article == "ה" && ["ב", "כ", "ל"].contains(preposition) { continue }
                        let p = conjunction + relative + preposition + article
                        if !p.isEmpty { prefixes.insert(p) }
                    }
                }
            }
        }
        return prefixes.sorted { $0.count != $1.count ? $0.count > $1.count : $0 < $1 }
    }()

    /// The prefixes of at most two letters, what a short keyword may carry.
    public static let short: [String] = all.filter { $0.count <= 2 }

    /// Keywords of this many letters or fewer are "short": conservative prefixes, no forms.
    public static let shortKeywordLetters = 3

    /// The readings of `word` as prefix + rest, with the empty prefix first.
    static func splits(of word: String, allowed: [String] = all) -> [(prefix: String, rest: String)] {
        var result: [(String, String)] = [("", word)]
        for p in allowed.reversed() where word.count > p.count && word.hasPrefix(p) {
            result.append((p, String(word.dropFirst(p.count))))
        }
        return result
    }
}

/// A word a person wants to be told about when it is said: her own name, a grandchild's,
/// "תרופה", "doctor". One keyword may be a few words ("ד"ר כהן").
///
/// Hebrew keywords match through attached prefixes (`HebrewPrefix`: "ולרותי" fires
/// "רותי"), and keywords of four letters or more also through their plural and feminine
/// forms (`WordForms`: "רופא" fires on "לרופאה"). A match that needed a prefix or a form is
/// refused when the word is an everyday word hiding the keyword (`EverydayWords`: "שלי" is
/// not "לי"). English and Swedish keywords match whole words, case-insensitively, with a
/// possessive 's, and a plain s for keywords of three letters or more (Swedish genitive
/// "Åsas", English plural "doctors"; shorter ones would catch too many words).
public struct KeywordAlert: Sendable, Hashable {
    /// The keyword as the person typed it, what alerts report.
    public let word: String
    /// Its words in folded spelling.
    let parts: [String]

    /// nil when `word` holds no letters.
    public init?(_ word: String) {
        let words = TextWord.split(word)
        guard !words.isEmpty else { return nil }
        self.word = words.map(\.text).joined(separator: " ")
        self.parts = words.map(\.folded)
    }

    /// Where the keyword is said in `text`: whole words, prefixes included.
    public func matches(in text: String) -> [TextRange] {
        matches(in: TextWord.split(text))
    }

    func matches(in words: [TextWord]) -> [TextRange] {
        guard words.count >= parts.count else { return [] }
        var found: [TextRange] = []
        var i = 0
        while i + parts.count <= words.count {
            var ok = matchesFirst(words[i].folded)
            var j = 1
            while ok && j < parts.count {
                ok = words[i + j].folded == parts[j]
                j += 1
            }
            if ok {
                found.append(TextRange(start: words[i].range.start, end: words[i + parts.count - 1].range.end))
                i += parts.count
            } else {
                i += 1
            }
        }
        return found
    }

    /// Does the (folded) word `said` carry the keyword's first word?
    private func matchesFirst(_ said: String) -> Bool {
        let keyword = parts[0]
        if said == keyword { return true }
        guard HebrewSpelling.isHebrew(keyword) else {
            return said == keyword + "'s" || (keyword.count >= 3 && said == keyword + "s")
        }
        let short = keyword.count <= HebrewPrefix.shortKeywordLetters
        let forms = short || parts.count > 1 ? [keyword] : WordForms.forms(of: keyword)
        for (_, rest) in HebrewPrefix.splits(of: said, allowed: short ? HebrewPrefix.short : HebrewPrefix.all)
        where forms.contains(rest) && !Self.isTrap(said, keyword: keyword, rest: rest) {
            return true
        }
        return false
    }

    /// `said` is an everyday word (after some of its prefix letters) at least as long as
    /// the part that matched, and not the keyword itself.
    static func isTrap(_ said: String, keyword: String, rest: String) -> Bool {
        HebrewPrefix.splits(of: said).contains { _, other in
            other.count >= rest.count && other != keyword && EverydayWords.contains(other)
        }
    }
}

import OzenKit

/// The words of a line or a query in the spelling search compares them in.
///
/// A word is a run of letters and digits (geresh, gershayim and apostrophes inside a word
/// belong to it and are dropped: "צ׳יפס" → "ציפס"); its spelling is `HebrewSpelling.fold`
/// (niqqud and direction marks gone, final letters regular, Latin lower-cased). The same
/// function reads lines for the index and queries, so both always agree.
public enum SearchWords {
    /// One word of a text: where it is (UTF-16, for highlighting) and its folded spelling.
    public struct Word: Sendable, Equatable {
        public var range: TextRange
        public var folded: String
    }

    /// Hebrew words shorter than this after their prefix is taken off are not indexed
    /// without it: one letter left ("ומ" → "מ") matches nearly everything.
    static let shortestStem = 2

    /// The words of `text`, in order.
    public static func words(in text: String) -> [Word] {
        var words: [Word] = []
        var current = ""
        var start = 0, offset = 0
        func finish() {
            let folded = String(HebrewSpelling.fold(current).unicodeScalars.filter { $0 != "'" && $0 != "\"" })
            if !folded.isEmpty { words.append(Word(range: TextRange(start: start, end: offset), folded: folded)) }
            current = ""
        }
        for character in text {
            let width = character.utf16.count
            if isWordCharacter(character) {
                if current.isEmpty { start = offset }
                current.append(character)
            } else if isDirectionMark(character) {
                // Invisible: neither part of a word nor a break in one.
            } else if !current.isEmpty {
                finish()
            }
            offset += width
        }
        if !current.isEmpty { finish() }
        return words
    }

    /// The folded words of a query, each once, in the order typed.
    public static func queryWords(_ query: String) -> [String] {
        var seen = Set<String>()
        return words(in: query).map(\.folded).filter { seen.insert($0).inserted }
    }

    /// The spellings a word is indexed under: itself and, for a Hebrew word, what is left
    /// after each attached prefix it may carry (`HebrewPrefix.all`: ו ה ב כ ל מ ש and their
    /// combinations), so a query for the bare word finds it with any prefix.
    public static func indexSpellings(of folded: String) -> [String] {
        var spellings = [folded]
        guard let first = folded.unicodeScalars.first, (0x05D0...0x05EA).contains(first.value) else { return spellings }
        for prefix in HebrewPrefix.all where folded.hasPrefix(prefix) && folded.count - prefix.count >= shortestStem {
            spellings.append(String(folded.dropFirst(prefix.count)))
        }
        return spellings
    }

    /// True when the text word `folded` matches the query word `query`.
    public static func matches(_ folded: String, query: String) -> Bool {
        folded == query || indexSpellings(of: folded).contains(query)
    }

    /// Every spelling a text is indexed under, each once.
    static func indexSpellings(ofText text: String) -> [String] {
        var seen = Set<String>()
        var out: [String] = []
        for word in words(in: text) {
            for spelling in indexSpellings(of: word.folded) where seen.insert(spelling).inserted { out.append(spelling) }
        }
        return out
    }

    private static func isWordCharacter(_ c: Character) -> Bool {
        if c.isLetter || c.isNumber { return true }
        // Niqqud alone (a mark typed without its letter) stays inside the word.
        if c.unicodeScalars.allSatisfy({ (0x0591...0x05C7).contains($0.value) && $0.value != 0x05BE && $0.value != 0x05C0 && $0.value != 0x05C3 && $0.value != 0x05C6 }) { return true }
        return ["'", "\u{05F3}", "\u{05F4}", "\u{2019}"].contains(c)
    }

    private static func isDirectionMark(_ c: Character) -> Bool {
        c.unicodeScalars.allSatisfy { [0x200E, 0x200F, 0x202A, 0x202B, 0x202C, 0x202D, 0x202E, 0x2066, 0x2067, 0x2068, 0x2069].contains($0.value) }
    }
}

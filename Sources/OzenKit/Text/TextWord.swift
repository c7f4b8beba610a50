/// A word of a caption line as the text stage sees it: a run of letters (with their niqqud),
/// where an apostrophe, geresh or gershayim between two letters stays inside the word
/// ("o'clock", "ג'ני", "מ"ג", "ד"ר"). Digits, spaces, punctuation, the maqaf and direction
/// marks separate words. Positions are UTF-16 offsets, like every range Ozen reports.
struct TextWord: Sendable, Equatable {
    /// The word as written.
    var text: String
    /// The word in `HebrewSpelling.fold` form, what matching compares.
    var folded: String
    var range: TextRange

    static func split(_ line: String) -> [TextWord] {
        var words: [TextWord] = []
        let indexed = LineCharacters(line)
        let characters = indexed.characters, offsets = indexed.offsets

        func isLetter(_ i: Int) -> Bool { i >= 0 && i < characters.count && characters[i].isLetter }
        func isJoiner(_ c: Character) -> Bool { "'\"’׳״".contains(c) }

        var i = 0
        while i < characters.count {
            guard isLetter(i) else { i += 1; continue }
            let first = i
            while i < characters.count, isLetter(i) || (isJoiner(characters[i]) && isLetter(i - 1) && isLetter(i + 1)) {
                i += 1
            }
            let text = String(characters[first..<i])
            words.append(TextWord(text: text, folded: HebrewSpelling.fold(text),
                                  range: TextRange(start: offsets[first], end: offsets[i])))
        }
        return words
    }
}

/// A loop inside one word: Whisper stuck on a token or two that carry no space, writing them
/// again and again until its token limit. The interpreter, asked to translate a one-word
/// Russian prompt ("millionth"), put "1.5.1.1.1.1.1.1.1.1.1.1.1.1." on screen: ".1" twelve
/// times, which the word rules (`ShortLoop`, `RepetitionTrimmer`) cannot see, since for them it
/// is one word.
///
/// A unit of one to eight characters is a loop from six copies in a row that together cover
/// sixteen characters or more; the loop is cut to its first copy. Sixteen, because what people
/// say and Whisper writes as one word stays well under it: "hahaha" (6), "Nooooo" (6),
/// "1,000,000" (",000" twice), "www", phone numbers ("052-555-5555"), a quadrillion's fifteen
/// zeros; a token loop runs on until the decoder stops, far past it (24 characters above).
/// Six copies, because laughter written out runs to four or five ("hahahahaha").
public enum CharacterLoop {
    static let longestUnit = 8
    static let fewestCopies = 6
    static let shortestRun = 16

    /// Where the first loop in `characters` (case folded) starts, its unit's length and how
    /// many copies follow one another.
    static func find(in folded: [String], from: Int = 0) -> (start: Int, unit: Int, copies: Int)? {
        guard folded.count - from >= shortestRun else { return nil }
        for start in from...(folded.count - shortestRun) {
            for unit in 1...longestUnit where start + unit * fewestCopies <= folded.count {
                var copies = 1
                while start + (copies + 1) * unit <= folded.count,
                      folded[start + copies * unit..<start + (copies + 1) * unit].elementsEqual(folded[start..<start + unit]) {
                    copies += 1
                }
                if copies >= fewestCopies, copies * unit >= shortestRun { return (start, unit, copies) }
            }
        }
        return nil
    }

    public static func isPresent(in word: String) -> Bool {
        find(in: word.map { $0.lowercased() }) != nil
    }

    /// The word with every loop in it cut to its first copy. A cut-off copy after it
    /// ("Hahahah…h!") goes with it, unless it is only punctuation: the "." after ".1.1.1" is
    /// the sentence's end, and stays.
    public static func collapsed(_ word: String) -> String {
        var characters = Array(word)
        var folded = characters.map { $0.lowercased() }
        var from = 0
        while let loop = find(in: folded, from: from) {
            let unitEnd = loop.start + loop.unit, runEnd = loop.start + loop.copies * loop.unit
            // A cut-off copy: the start of the unit again, right after the run.
            var cutOff = 0
            while cutOff < loop.unit - 1, runEnd + cutOff < folded.count, folded[runEnd + cutOff] == folded[loop.start + cutOff] {
                cutOff += 1
            }
            let cut = characters[runEnd..<runEnd + cutOff].contains(where: { $0.isLetter || $0.isNumber }) ? runEnd + cutOff : runEnd
            characters.removeSubrange(unitEnd..<cut)
            folded.removeSubrange(unitEnd..<cut)
            from = unitEnd
        }
        return String(characters)
    }
}

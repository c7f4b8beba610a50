/// A loop of one to three words: Whisper stuck on a word or two, writing it again and again
/// until its token limit. Base on eSpeak's Hebrew ("שלום סבתא, התור לרופא מחר בשבע וחצי") gave
/// "שלום, שאלום, שאלום, שאלום, שאלום, שאל": four copies and a fifth cut off. Longer loops are
/// `RepetitionTrimmer`'s (four words or more, repeated once).
///
/// Real speech repeats short things too, and must stay: "no, no, no", "thank you, thank you",
/// "bye bye bye". So one word counts as a loop from five copies in a row, two or three words
/// from four, where a cut-off last copy (a shorter start of the same word) counts as one.
public enum ShortLoop {
    /// Copies in a row that make a loop, by the number of words repeated.
    static func copiesForLoop(unit: Int) -> Int { unit == 1 ? 5 : 4 }

    /// Where the text loops: (first word, words in the unit, copies including a cut-off last one).
    static func find(in words: [String]) -> (start: Int, unit: Int, copies: Int, cutOff: Bool)? {
        let n = words.map(WordStabilizer.normalised)
        for start in n.indices where !n[start].isEmpty {
            for unit in 1...3 where start + unit <= n.count {
                var copies = 1
                while start + (copies + 1) * unit <= n.count,
                      n[start + copies * unit..<start + (copies + 1) * unit].elementsEqual(n[start..<start + unit]) {
                    copies += 1
                }
                // A last copy cut off by the token limit: its first word is a shorter start of the unit's.
                let next = start + copies * unit
                let cutOff = next == n.count - 1 && !n[next].isEmpty && n[next].count < n[start].count
                    && n[start].hasPrefix(n[next])
                if copies + (cutOff ? 1 : 0) >= copiesForLoop(unit: unit) {
                    return (start, unit, copies + (cutOff ? 1 : 0), cutOff)
                }
            }
        }
        return nil
    }

    public static func isPresent(in text: String) -> Bool {
        find(in: text.split(whereSeparator: { $0.isWhitespace }).map(String.init)) != nil
    }

    /// The text with every loop cut to one copy (the last whole one, which carries the
    /// punctuation Whisper put after it), and a cut-off copy dropped.
    public static func collapsed(_ text: String) -> String {
        var words = text.split(whereSeparator: { $0.isWhitespace }).map(String.init)
        while let loop = find(in: words) {
            let whole = loop.copies - (loop.cutOff ? 1 : 0)
            let end = loop.start + whole * loop.unit
            let kept = Array(words[end - loop.unit..<end])
            words.replaceSubrange(loop.start..<end + (loop.cutOff ? 1 : 0), with: kept)
        }
        return words.joined(separator: " ")
    }
}

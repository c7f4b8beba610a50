/// A loop of one to three words: Whisper stuck on a word or two, writing it again and again
/// until its token limit. Base on eSpeak's Hebrew ("שלום סבתא, התור לרופא מחר בשבע וחצי") gave
/// "שלום, שאלום, שאלום, שאלום, שאלום, שאל": four copies and a fifth cut off. Longer loops are
/// `RepetitionTrimmer`'s (four words or more, repeated once), loops inside a word
/// `CharacterLoop`'s; `LoopGuard` runs all three over every text Ozen shows.
///
/// Real speech repeats short things too, and must stay: "no, no, no", "thank you, thank you",
/// "bye bye bye". So one word counts as a loop from five copies in a row, two or three words
/// from four, where a cut-off last copy (a shorter start of the unit) counts as one.
///
/// Two or three words are also a loop from two whole copies when a third, cut off, ends the
/// text: the five-person table's cards reader said "eight of clubs" once and a final pass wrote
/// "…7 of hearts 8 of clubs 8 of clubs 8 of" (with flash attention on, `ozen bench accuracy
/// --table --no-realtime --lines`, 2026-12-02). People do say a short phrase twice, but a pass
/// over a closed utterance does not end inside a third saying of it unless Whisper was still
/// writing when the audio ran out.
public enum ShortLoop {
    /// Copies in a row that make a loop, by the number of words repeated.
    static func copiesForLoop(unit: Int) -> Int { unit == 1 ? 5 : 4 }

    /// Where the text loops: (first word, words in the unit, whole copies, words of a cut-off
    /// last copy at the end of the text: 0 when there is none).
    static func find(in words: [String]) -> (start: Int, unit: Int, copies: Int, cutOffWords: Int)? {
        let n = words.map(WordStabilizer.normalised)
        for start in n.indices where !n[start].isEmpty {
            for unit in 1...3 where start + unit <= n.count {
                var copies = 1
                while start + (copies + 1) * unit <= n.count,
                      n[start + copies * unit..<start + (copies + 1) * unit].elementsEqual(n[start..<start + unit]) {
                    copies += 1
                }
                let (found, unfinished) = cutOffCopy(after: start + copies * unit, of: n[start..<start + unit], in: n)
                var cutOff = found
                if cutOff > 0, !unfinished {
                    // Whole copies of the unit read from another word ("I know, I know, I know"
                    // is "know I" twice and a "know") are what was said, not a copy cut off.
                    var before = 0
                    while start - before - 1 >= 0, n[start - before - 1] == n[start - before - 1 + unit] { before += 1 }
                    if (before + cutOff) % unit == 0 { cutOff = 0 }
                }
                if copies + (cutOff > 0 ? 1 : 0) >= copiesForLoop(unit: unit) || (unit >= 2 && copies >= 2 && cutOff > 0) {
                    return (start, unit, copies, cutOff)
                }
            }
        }
        return nil
    }

    /// The words from `next` to the end of the text, if they are a copy of `unit` cut off by
    /// the token limit or the end of the audio: fewer words than the unit, or its last word
    /// unfinished, each word the unit's own and the last one a start of it (0 words
    /// otherwise), and whether that last word is unfinished.
    static func cutOffCopy(after next: Int, of unit: ArraySlice<String>, in n: [String]) -> (words: Int, unfinished: Bool) {
        let count = n.count - next
        guard count >= 1, count <= unit.count, !n[n.count - 1].isEmpty else { return (0, false) }
        let unitWords = Array(unit)
        for i in 0..<count - 1 where n[next + i] != unitWords[i] { return (0, false) }
        let last = n[n.count - 1], whole = unitWords[count - 1]
        let unfinished = last.count < whole.count && whole.hasPrefix(last)
        return unfinished || (last == whole && count < unit.count) ? (count, unfinished) : (0, false)
    }

    public static func isPresent(in text: String) -> Bool {
        find(in: text.split(whereSeparator: { $0.isWhitespace }).map(String.init)) != nil
    }

    /// The text with every loop cut to one copy (the last whole one, which carries the
    /// punctuation Whisper put after it), and a cut-off copy dropped.
    public static func collapsed(_ text: String) -> String {
        let words = text.split(whereSeparator: { $0.isWhitespace }).map(String.init)
        return keptWords(of: words).map { words[$0] }.joined(separator: " ")
    }

    /// Which of `words` stay when every loop is cut to one copy (their indices, in order).
    public static func keptWords(of words: [String]) -> [Int] {
        var kept = Array(words.indices)
        while let loop = find(in: kept.map { words[$0] }) {
            let end = loop.start + loop.copies * loop.unit
            kept.replaceSubrange(loop.start..<end + loop.cutOffWords, with: Array(kept[end - loop.unit..<end]))
        }
        return kept
    }
}

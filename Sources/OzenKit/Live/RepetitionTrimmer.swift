/// Cuts Whisper's loops out of a pass: when a run of four or more words is repeated straight
/// after itself, the repeats go and the last copy stays (it carries the closing punctuation).
///
/// Whisper's temperature fallback samples at random, and on LibriVox clip -0890 one such
/// final pass wrote its sentence four times over ("Unless to be rather cold-hearted … ill-
/// disposed," × 4: WER 33/14). Dropping the whole pass would lose the sentence that was said;
/// trimming keeps it. Four words, because real speech repeats short phrases ("I don't know,
/// I don't know") but hardly ever four words straight after themselves. One part of
/// `LoopGuard`, the rule every text Ozen shows passes.
public enum RepetitionTrimmer {
    public static let shortestLoop = 4

    public static func trim(_ text: String) -> String {
        let words = text.split(whereSeparator: { $0.isWhitespace }).map(String.init)
        return keptWords(of: words).map { words[$0] }.joined(separator: " ")
    }

    /// Which of `words` stay (their indices, in order), so a pass's word times can be kept for
    /// them: a line whose times were dropped with a loop could no longer be split where the
    /// voice changes, and three people on a 40 s table came out as one line.
    public static func keptWords(of words: [String]) -> [Int] {
        var kept = Array(words.indices)
        var changed = true
        while changed {
            changed = false
            let n = kept.map { WordStabilizer.normalised(words[$0]) }
            search: for start in 0..<n.count {
                let longest = (n.count - start) / 2
                guard longest >= shortestLoop else { break }
                for length in shortestLoop...longest where n[start..<start + length] == n[start + length..<start + 2 * length] {
                    kept.removeSubrange(start..<start + length)  // the last copy keeps the closing mark
                    changed = true
                    break search
                }
            }
        }
        // A text that ends a sentence with its own first words said them again on purpose.
        if let last = kept.last, let mark = words[last].last, ".!?…。".contains(mark) { return kept }
        return Array(kept.dropLast(restartedTail(kept.map { WordStabilizer.normalised(words[$0]) })))
    }

    /// A loop cut short: the text starts over at its end ("Unless to be rather cold-hearted
    /// and rather selfish, is to be ill-disposed, unless to be rather cold-hearted and rather
    /// selfish," from a loaded CI run on clip -0890). When the last four or more words repeat
    /// the text's own first words, after them, they go: how many (0 when none). Not when the
    /// text ends a sentence there: a dictated letter or a translated sentence may close with
    /// the words it opened with ("Thank you very much for … Thank you very much."), and a loop
    /// cut short by the token limit or the audio's end stops mid-sentence, as -0890's did.
    static func restartedTail(_ n: [String]) -> Int {
        guard n.count >= 2 * shortestLoop else { return 0 }
        for length in stride(from: n.count / 2, through: shortestLoop, by: -1)
        where n[n.count - length..<n.count].elementsEqual(n[0..<length]) {
            return length
        }
        return 0
    }
}

/// Cleans the text a pass gives: its loops are cut to one copy (`LoopGuard`, the rule every
/// text Ozen shows passes), and after a sentence was locked mid-utterance the words at the
/// pass's head that repeat its end are dropped.
struct PassCleanup {
    /// The last words of a sentence locked while its utterance went on: the next passes
    /// decode from a little before its end, and repeat these words at their head.
    var lockedTail: [String] = []

    /// The pass's transcript cleaned, and whether its text held a short loop or a loop inside
    /// a word (now cut to one copy).
    func clean(_ transcript: Transcript) -> (transcript: Transcript, looped: Bool) {
        var cleaned = transcript
        let said = transcript.text.split(whereSeparator: { $0.isWhitespace }).map(String.init)
        let loops = LoopGuard.keep(said)
        if loops.changed {
            cleaned.text = loops.text
            // The kept words keep their times where the times line up with the text.
            if transcript.words.count == said.count {
                cleaned.words = loops.kept.map { i in
                    var word = transcript.words[i]
                    if loops.words[i] != said[i] { word.text = CharacterLoop.collapsed(word.text) }
                    return word
                }
            } else {
                cleaned.words = []
            }
        }
        return (dropRepeatedHead(cleaned), loops.looped)
    }

    /// After a sentence was locked mid-utterance, passes start just before its last word; the
    /// longest run of 1–5 words at the head of a pass that repeats the locked tail is dropped
    /// (whisper_streaming's rule), so the overlap neither loses nor doubles a word.
    private func dropRepeatedHead(_ transcript: Transcript) -> Transcript {
        guard !lockedTail.isEmpty else { return transcript }
        let words = transcript.text.split(whereSeparator: { $0.isWhitespace }).map(String.init)
        let tail = lockedTail.map(WordStabilizer.normalised)
        var drop = 0
        for n in stride(from: min(5, words.count, tail.count), through: 1, by: -1)
        where words.prefix(n).map(WordStabilizer.normalised) == Array(tail.suffix(n)) {
            drop = n
            break
        }
        guard drop > 0 else { return transcript }
        var trimmed = transcript
        trimmed.text = words.dropFirst(drop).joined(separator: " ")
        trimmed.words = transcript.words.count == words.count ? Array(transcript.words.dropFirst(drop)) : []
        return trimmed
    }
}

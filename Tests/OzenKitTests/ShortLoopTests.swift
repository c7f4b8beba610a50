import OzenKit
import Testing

/// Whisper stuck on a word or two never reaches the screen; what people really repeat stays.
@Suite struct ShortLoopTests {
    /// Base's answer to eSpeak's Hebrew "שלום סבתא, התור לרופא מחר בשבע וחצי".
    @Test func theHebrewLoopBecomesOneCopy() {
        let looped = "שלום, שאלום, שאלום, שאלום, שאלום, שאל"
        #expect(ShortLoop.isPresent(in: looped))
        #expect(ShortLoop.collapsed(looped) == "שלום, שאלום,")
    }

    @Test func twoWordsOverAndOverBecomeOneCopy() {
        let looped = "I said New Jersey, New Jersey, New Jersey, New Jersey, New Jersey."
        #expect(ShortLoop.isPresent(in: looped))
        #expect(ShortLoop.collapsed(looped) == "I said New Jersey.")
    }

    /// A final pass on the five-person table (flash attention on): the cards reader said
    /// "eight of clubs" once.
    @Test func twoCopiesAndACutOffThirdAtTheEndAreALoop() {
        let looped = "Seven of clubs, five, five, 7 of hearts 8 of clubs 8 of clubs 8 of"
        #expect(ShortLoop.isPresent(in: looped))
        #expect(ShortLoop.collapsed(looped) == "Seven of clubs, five, five, 7 of hearts 8 of clubs")
        // The third copy cut inside a word counts the same.
        #expect(ShortLoop.collapsed("I said New Jersey, New Jersey, New Jer") == "I said New Jersey,")
    }

    @Test(arguments: [
        "Eight of clubs, eight of clubs.",
        "Eight of clubs, eight of clubs, and then the queen.",
        "New Jersey, New Jersey, New York.",
        "No, no, no, that is not what I meant.",
        "Thank you, thank you.",
        "Bye bye bye.",
        "I know, I know, I know.",
        "Five. Five. Five. Eight of spades.",
        "שלום שלום, מה שלומך?",
    ])
    func realRepetitionStays(_ said: String) {
        #expect(!ShortLoop.isPresent(in: said))
        #expect(ShortLoop.collapsed(said) == said)
    }
}

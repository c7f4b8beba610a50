import OzenKit
import Testing

@Suite struct NonSpeechMarksTests {
    @Test func whispersNoWordsTagsAreNotCaptions() {
        var heard = Transcript(text: " he might even have been made amiable himself. [BLANK_AUDIO]", confidence: 0.9, language: "en")
        heard.words = [TimedWord(text: "himself.", start: 2.0, end: 2.4), TimedWord(text: "[BLANK_AUDIO]", start: 2.5, end: 3.0)]
        let cleaned = NonSpeechMarks.removed(from: heard)
        #expect(cleaned.text == " he might even have been made amiable himself.")
        #expect(cleaned.words.map(\.text) == ["himself."])
        #expect(cleaned.confidence == 0.9)
        #expect(NonSpeechMarks.removed(from: Transcript(text: " [MUSIC]", confidence: nil, language: "en")).text.isEmpty)
    }

    @Test func bracketsThatAreWordsStay() {
        let said = Transcript(text: " Room [b] is on the left.", confidence: nil, language: "en")
        #expect(NonSpeechMarks.removed(from: said) == said)
        #expect(!NonSpeechMarks.isMark("[b]") && NonSpeechMarks.isMark("[INAUDIBLE].") && NonSpeechMarks.isMark("[BLANK_AUDIO]"))
    }
}

@Suite struct NonSpeechDescriptionsTests {
    /// What Whisper base wrote on the noise recordings and on French decoded as English
    /// (Tests/Fixtures/downloaded/noise, the interpreter fixtures).
    @Test(arguments: [" [Pause]", " [ Inaudible ]", " [inaudible]", " (upbeat music)", " [speaking in foreign language]",
                      " (speaking in French)", " [Music]"])
    func soundDescriptionsAreNotCaptions(_ text: String) {
        #expect(NonSpeechMarks.removed(from: Transcript(text: text, confidence: nil, language: "en")).text.isEmpty)
    }

    @Test func aDescriptionAfterWordsLeavesTheWordsAndTheirTimes() {
        var heard = Transcript(text: " that take no account of... (silence) [ Inaudible ]", confidence: 0.7, language: "en")
        heard.words = ["that", "take", "no", "account", "of...", "(silence)", "[", "Inaudible", "]"].enumerated()
            .map { TimedWord(text: $1, start: Double($0), end: Double($0) + 0.5) }
        let cleaned = NonSpeechMarks.removed(from: heard)
        #expect(cleaned.text == " that take no account of...")
        #expect(cleaned.words.map(\.text) == ["that", "take", "no", "account", "of..."])
    }

    @Test func parenthesesAroundSpokenWordsStay() {
        let said = Transcript(text: " The doctor (the one from Haifa) called.", confidence: nil, language: "en")
        #expect(NonSpeechMarks.removed(from: said) == said)
    }
}

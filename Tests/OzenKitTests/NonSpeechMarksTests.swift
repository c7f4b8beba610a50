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

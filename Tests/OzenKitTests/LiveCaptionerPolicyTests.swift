@testable import OzenKit
import Testing

/// The sentence rule that decides where a long utterance's line may end.
@Suite struct SentenceEndTests {
    @Test(arguments: ["them.", "man?", "wow!", "אמרתי.", "so…"])
    func endsSentence(_ word: String) { #expect(LiveCaptioner.endsSentence(word)) }

    @Test(arguments: ["Mr.", "Mrs.", "Dr.", "St.", "J.", "U.S.", "etc.", "then,", "and"])
    func doesNotEndSentence(_ word: String) { #expect(!LiveCaptioner.endsSentence(word)) }
}

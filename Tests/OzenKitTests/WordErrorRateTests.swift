import OzenKit
import OzenTestSupport
import Testing

@Suite struct WordErrorRateTests {
    @Test func countsSubstitutionsDeletionsAndInsertions() {
        #expect(WordErrorRate.count(reference: "ask not what your country", hypothesis: "Ask not, what YOUR country!").errors == 0)
        #expect(WordErrorRate.count(reference: "a b c d", hypothesis: "a x c").errors == 2)
        #expect(WordErrorRate.count(reference: "a b", hypothesis: "a b c d").errors == 2)
        #expect(WordErrorRate.count(reference: "and mister john", hypothesis: "And Mr. John").errors == 0)
        #expect(WordErrorRate.count(reference: "ill disposed", hypothesis: "ill-disposed").errors == 0)
    }

    /// Transcripts of free speech write every hesitation; Whisper writes almost none. The second
    /// held-out table's caster, as transcribed and as Whisper base heard him (2026-12-07): six
    /// words lost ("I I still think it's a"), "n a" written "NA" and an "a" added make nine
    /// errors, not the eleven the two "uh"s would make.
    @Test func hesitationsAreLeftOutOnBothSides() {
        let said = "uh i i still think it's a very good team though in n a i think this is uh"
        #expect(WordErrorRate.count(reference: said, hypothesis: "Very good team though in NA. I think this is a").errors == 9)
        #expect(WordErrorRate.count(reference: "so um this is hmm it", hypothesis: "So this is, mm, it.").errors == 0)
        #expect(WordErrorRate.normalisedWords(said).count == 17)
    }
}

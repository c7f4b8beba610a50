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
}

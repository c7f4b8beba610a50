@testable import OzenKit
import Testing

/// Digits said as words, so that the accuracy bench does not count "10 of clubs" wrong for the
/// cards reader's "ten of clubs".
struct EnglishDigitWordsTests {
    @Test func wholeNumbersAreSaidAsEnglishWords() {
        #expect(EnglishDigitWords.words(0) == ["zero"])
        #expect(EnglishDigitWords.words(10) == ["ten"])
        #expect(EnglishDigitWords.words(55) == ["fifty", "five"])
        #expect(EnglishDigitWords.words(700) == ["seven", "hundred"])
        #expect(EnglishDigitWords.words(1_000) == ["one", "thousand"])
        #expect(EnglishDigitWords.words(2_026) == ["two", "thousand", "twenty", "six"])
        #expect(EnglishDigitWords.words(3_400_019) == ["three", "million", "four", "hundred", "thousand", "nineteen"])
    }

    @Test func theCardsReadersLinesCountAsRightInDigitsOrWords() {
        // What Whisper base wrote for the cards reader, against the fixture's transcript.
        let cases = [("10 of clubs", "ten of clubs"), ("4, Queen of Clubs.", "four queen of clubs"), ("5-5.", "five five"),
                     ("8 of spades, 4 of clubs, 7 of hearts.", "eight of spades four of clubs seven of hearts")]
        for (written, said) in cases {
            #expect(WordErrorRate.countSayingDigits(reference: said, hypothesis: written).errors == 0, "\(written)")
            #expect(WordErrorRate.count(reference: said, hypothesis: written).errors > 0, "\(written)")
        }
        #expect(WordErrorRate.countSayingDigits(reference: "ten of clubs", hypothesis: "11 of clubs").errors == 1)
    }

    @Test func digitsSaidOneByOneCountAsTheNumberTheySpell() {
        #expect(WordErrorRate.countSayingDigits(reference: "a single user with extension 1234 and password 4242",
                                                hypothesis: "a single user with extension 1, 2, 3, 4 and password 4, 2, 4, 2.").errors == 0)
        #expect(EnglishDigitWords.joiningDigitRuns("call 0 5 2, then 12 3 4") == "call 052, then 12 3 4")
        // Two digits stay two numbers ("five five"), and a number of several digits is not taken apart.
        #expect(EnglishDigitWords.joiningDigitRuns("5, 5 and 1 2 34") == "5, 5 and 1 2 34")
        #expect(WordErrorRate.countSayingDigits(reference: "five five", hypothesis: "5, 5.").errors == 0)
    }

    @Test func commasBetweenThousandsAndOtherTextStayRight() {
        #expect(EnglishDigitWords.spelled("1,000 people") == " one thousand  people")
        #expect(WordErrorRate.normalisedWords(EnglishDigitWords.spelled("1,000 people, 20 dogs")) == ["one", "thousand", "people", "twenty", "dogs"])
        #expect(WordErrorRate.normalisedWords(EnglishDigitWords.spelled("at 6:30")) == ["at", "six", "thirty"])
        #expect(EnglishDigitWords.spelled("no digits here") == "no digits here")
        #expect(WordErrorRate.normalisedWords(EnglishDigitWords.spelled("1,2,3")) == ["one", "two", "three"])
    }
}

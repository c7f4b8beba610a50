import OzenKit
import OzenTestSupport
import Testing

/// Short paragraphs at sentence ends, and the five-minute gap.
@Suite struct ParagraphBreakerTests {
    func line(_ id: Int, _ text: String, _ start: Double, _ end: Double) -> CaptionLine {
        CaptionLine(id: id, text: text, start: start, end: end, final: true, confidence: 0.9, uncertain: false, language: "en")
    }

    @Test func aLongLineBreaksAfterTheSentenceThatReachesFortyWords() throws {
        // The 40 s monologue as the pipeline locked it: one line of the whole book passage, twice.
        let passage = "And Mr. John Dashwood had then leisure to consider how much there might be prudently in his power to do for them. He was not an ill-disposed young man, unless to be rather cold-hearted and rather selfish is to be ill-disposed. Had he married a more amiable woman, he might have been made still more respectable than he was. He might even have been made amiable himself."
        var breaker = ParagraphBreaker()
        let placed = breaker.place(line(1, passage + " " + passage, 0.3, 40))
        #expect(placed.paragraph == 1)
        let utf16 = Array((passage + " " + passage).utf16)
        let paragraphs = zip([0] + placed.breaks, placed.breaks + [utf16.count]).map {
            String(decoding: utf16[$0..<$1], as: UTF16.self).trimmingCharacters(in: .whitespaces)
        }
        #expect(paragraphs.count >= 2)
        for p in paragraphs.dropLast() {
            #expect(".?!".contains(p.last!), "breaks mid-sentence: …\(p.suffix(20))")
            #expect(WordErrorRate.normalisedWords(p).count >= 40)
        }
        // The next line continues in a new paragraph once this one is long.
        #expect(breaker.place(line(2, "Yes.", 41, 41.5)).paragraph == 1 + placed.breaks.count + 1)
    }

    @Test func aPauseStartsAParagraphAndFiveQuietMinutesAreAGap() {
        var breaker = ParagraphBreaker()
        let first = breaker.place(line(1, "Ask not.", 3.4, 4.4))
        #expect(first.paragraph == 1 && first.breaks.isEmpty && first.gapBefore == nil)
        #expect(breaker.place(line(2, "What your country can do for you.", 5.5, 7.7)).paragraph == 1)
        #expect(breaker.place(line(3, "Ask what you can do for your country.", 10.2, 12.6)).paragraph == 2)
        let after = breaker.place(line(4, "And so my fellow Americans.", 12.6 + 301, 12.6 + 303))
        #expect(after.paragraph == 3)
        #expect(after.gapBefore.map { abs($0 - 301) < 0.01 } == true)
        #expect(breaker.place(line(5, "Again.", 12.6 + 303 + 299, 12.6 + 303 + 300)).gapBefore == nil)
    }
}

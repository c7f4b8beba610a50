import Foundation
import OzenKit
@testable import OzenStore
import Testing

@Suite struct HistorySearchTests {
    /// Two conversations: a clinic visit in Hebrew and a call in English.
    private func history() throws -> (TemporaryHistory, HistoryStore, Int64, Int64) {
        let temp = TemporaryHistory()
        let store = try temp.open()
        let visit = try store.startConversation(at: Date(timeIntervalSince1970: 1_000_000), language: "he")
        try store.append([
            captionLine(1, "שָׁלוֹם, מה שלומך היום"),
            captionLine(2, "ולרותי יש תור לרופאה ביום ראשון", speaker: "Speaker 2"),
            captionLine(3, "צריך להביא את המכתבים מהבית"),
        ], to: visit)
        let call = try store.startConversation(at: Date(timeIntervalSince1970: 2_000_000), language: "en")
        try store.append([captionLine(1, "Ruth has an appointment tomorrow", language: "en")], to: call)
        return (temp, store, visit, call)
    }

    @Test func aPrefixedWordIsFoundByItsBareForm() throws {
        let (temp, store, visit, _) = try history(); defer { temp.remove() }
        let found = try store.search("רותי")
        #expect(found.results.map(\.conversation.id) == [visit])
        #expect(found.results[0].line.number == 2)
        let line = found.results[0].line.shownText
        #expect(found.results[0].highlights.compactMap { $0.substring(of: line) } == ["ולרותי"])
        // Prefix combinations: מ־ה, ו־ל, ל alone.
        #expect(try store.search("בית").results.map(\.line.number) == [3])
        #expect(try store.search("לרותי").total == 1)
        #expect(try store.search("רופאה").total == 1)
    }

    @Test func niqqudDirectionMarksAndFinalLettersAreIgnoredBothWays() throws {
        let (temp, store, visit, _) = try history(); defer { temp.remove() }
        #expect(try store.search("שלום").results.map(\.conversation.id) == [visit])      // text has niqqud
        #expect(try store.search("שָׁלוֹם").results.map(\.conversation.id) == [visit])   // query has niqqud
        #expect(try store.search("\u{200F}שלום\u{200E}").total == 1)
        #expect(try store.search("שלומ").total == 1)                                       // final ם typed as מ
        #expect(try store.search("מכתבימ").total == 1)
    }

    @Test func everyWordMustBeInTheConversationInAnyOrderOnAnyLine() throws {
        let (temp, store, visit, call) = try history(); defer { temp.remove() }
        let across = try store.search("בית רותי")       // on lines 3 and 2, typed in the other order
        #expect(across.results.map(\.conversation.id) == [visit])
        #expect(try store.search("רותי tomorrow").total == 0)   // one word in each conversation
        #expect(try store.search("tomorrow RUTH").results.map(\.conversation.id) == [call])
        #expect(try store.search("זברה").total == 0)
        #expect(try store.search("  ,, ").total == 0)
    }

    @Test func theResultOpensAtTheFirstLineWithAllTheWordsElseAny() throws {
        let (temp, store, visit, _) = try history(); defer { temp.remove() }
        let result = try #require(try store.search("רופאה תור").results.first)
        #expect(result.conversation.id == visit)
        #expect(result.line.number == 2)
        #expect(result.highlights.count == 2)
        // Words on different lines: it opens at the first line holding any of them.
        #expect(try store.search("מכתבים רותי").results.first?.line.number == 2)
    }

    @Test func aCorrectionIsSearchableAndDeletedConversationsAreGoneFromTheIndex() throws {
        let (temp, store, visit, _) = try history(); defer { temp.remove() }
        try store.correct(conversation: visit, line: 3, to: "צריך להביא את המכתבים מהמשרד")
        #expect(try store.search("משרד").results.first?.line.number == 3)
        #expect(try store.search("בית").total == 1)   // the first wording stays findable
        try store.delete(conversations: [visit])
        #expect(try store.search("רותי").total == 0)
        #expect(try store.search("משרד").total == 0)
    }

    @Test func searchWordsFoldAndSplitLikeTheIndex() {
        #expect(SearchWords.queryWords("צ׳יפס, ד\"ר כהן — שָׁלוֹם!") == ["ציפס", "ד", "ר", "כהנ", "שלומ"])
        #expect(SearchWords.indexSpellings(of: "ולרותי") == ["ולרותי", "רותי", "לרותי"] ||
                Set(SearchWords.indexSpellings(of: "ולרותי")) == ["ולרותי", "לרותי", "רותי"])
        #expect(SearchWords.indexSpellings(of: "doctor") == ["doctor"])
    }
}

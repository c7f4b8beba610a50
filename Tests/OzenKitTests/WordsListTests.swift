import Foundation
import OzenKit
import Testing

/// Her names and words list: editing, storage, the prompt budget and the read-back rule.
@Suite struct WordsListTests {
    @Test func addsOnceRemovesAndKeepsOrder() {
        var list = WordsList()
        let added = ["רותי", " ד\"ר כהן ", "רותי", "Ruth", "ruth"].map { list.add($0) }
        #expect(added == [true, true, false, true, false])
        #expect(list.entries == ["רותי", "ד\"ר כהן", "Ruth"])
        let removed = ["RUTH", "דני"].map { list.remove($0) }
        #expect(removed == [true, false])
        #expect(list.entries == ["רותי", "ד\"ר כהן"])
    }

    @Test func survivesSavingAndLoading() throws {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("ozen-words-\(UUID())/words.txt").path
        defer { try? FileManager.default.removeItem(atPath: (path as NSString).deletingLastPathComponent) }
        #expect(try WordsList.load(from: path).entries.isEmpty)
        let list = WordsList(entries: ["רותי", "אקמול", "Dr. Levi"])
        try list.save(to: path)
        #expect(try WordsList.load(from: path) == list)
    }

    @Test func thePromptTakesTheTopOfTheListWithinTheBudget() {
        let list = WordsList(entries: (1...60).map { "שם\($0)" })
        // One token per character: a stand-in counter whose arithmetic is easy to check;
        // the real tokenizer is exercised in the engine tests.
        let prompt = list.prompt(countingTokensWith: { $0.count }, budget: 40)
        #expect(prompt == "שם1, שם2, שם3, שם4, שם5, שם6, שם7, שם8")
        #expect(WordsList().prompt(countingTokensWith: { $0.count }) == nil)
    }

    @Test func onlyTheListReadBackIsDropped() {
        let list = WordsList(entries: ["רותי", "דני", "ד\"ר כהן", "אקמול"])
        #expect(list.isReadBack("רותי, דני, ד\"ר כהן."))
        #expect(list.isReadBack("אקמול רותי"))
        // Her name called on its own is speech.
        #expect(!list.isReadBack("רותי!"))
        #expect(!list.isReadBack("רותי, תיקחי אקמול"))
        #expect(!list.isReadBack(""))
    }
}

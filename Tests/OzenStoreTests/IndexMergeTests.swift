import Foundation
import OzenKit
@testable import OzenStore
import Testing

/// The line index merged at idle time instead of inside commits (IndexMergePolicy), and the
/// summary's JSON kept between lines (SummaryJSON).
@Suite struct IndexMergeTests {
    private func line(_ i: Int) -> CaptionLine {
        captionLine(i, "common w\(i % 5) unique\(i)", speaker: "Speaker \(1 + i % 2)", language: "en")
    }

    /// Saves `count` lines one commit each with automatic merging off, taking the recorder's
    /// idle steps after each when `merging`. Returns the conversation.
    private func save(_ count: Int, in store: HistoryStore, merging: Bool) throws -> Int64 {
        try store.setAutomaticIndexMerging(false)
        let id = try store.startConversation(at: Date(timeIntervalSince1970: 1_000_000), language: "en")
        for i in 1...count {
            try store.append([line(i)], to: id)
            guard merging else { continue }
            for _ in 0..<HistoryStore.mergeStepsPerIdle {
                guard try store.mergeIndex() else { break }
            }
        }
        return id
    }

    private func matches(_ query: String, in store: HistoryStore) throws -> Int {
        try store.db.rows("SELECT COUNT(*) FROM line_words WHERE line_words MATCH ?", [.text(query)]) { Int($0.int(0)) }.first ?? -1
    }

    @Test func automaticMergingIsOffForEveryConnectionOnceSet() throws {
        let temp = TemporaryHistory(); defer { temp.remove() }
        let store = try temp.open()
        let config = "SELECT v FROM line_words_config WHERE k = 'automerge'"
        #expect(try store.db.rows(config) { $0.int(0) }.isEmpty)   // FTS5's default, 4
        try store.setAutomaticIndexMerging(false)
        #expect(try temp.open().db.rows(config) { $0.int(0) } == [0])
        let changes = store.db.totalChanges
        try store.setAutomaticIndexMerging(false)
        #expect(store.db.totalChanges == changes)                  // unchanged: nothing written
        try store.setAutomaticIndexMerging(true)
        #expect(try temp.open().db.rows(config) { $0.int(0) } == [4])
    }

    @Test func idleMergingKeepsTheIndexSmallAndSearchRightAfterManySaves() throws {
        let temp = TemporaryHistory(); defer { temp.remove() }
        let store = try temp.open()
        let id = try save(400, in: store, merging: true)
        let other = TemporaryHistory(); defer { other.remove() }
        let unmerged = try other.open()
        _ = try save(400, in: unmerged, merging: false)
        let segments = try store.indexSegments
        #expect(segments <= 6)
        #expect(segments < (try unmerged.indexSegments))
        try store.db.run("INSERT INTO line_words(line_words) VALUES ('integrity-check')")
        #expect(try matches("words : common", in: store) == 400)
        #expect(try matches("words : w3", in: store) == 80)
        #expect(try matches("words : unique400", in: store) == 1)
        let found = try store.search("unique277 w2")
        #expect(found.results.map(\.conversation.id) == [id])
        #expect(found.results.first?.line.number == 277)
        #expect(try store.search("common").total == 1)
    }

    @Test func theRecorderMergesWhileIdleSoItsLinesStaySearchable() throws {
        let temp = TemporaryHistory(); defer { temp.remove() }
        let recorder = ConversationRecorder(path: temp.path)
        for i in 1...150 {
            recorder.record(.line(line(i), at: Double(i)))
            #expect(recorder.flush())
            Thread.sleep(forTimeInterval: 0.002)   // the writer's idle moment
        }
        let id = try #require(recorder.conversationID)
        #expect(recorder.close().isEmpty)
        let store = try temp.open()
        #expect(try store.db.rows("SELECT v FROM line_words_config WHERE k = 'automerge'") { $0.int(0) } == [0])
        #expect(try store.indexSegments <= 6)
        #expect(try store.search("unique150").results.first?.line.number == 150)
        #expect(try store.search("unique1 common").results.map(\.conversation.id) == [id])
        #expect(try matches("words : common", in: store) == 150)
    }

    @Test func theKeptSummaryJSONReadsBackAsTheSummaryAtEveryLine() throws {
        let texts = ["נפגשים בשעה שלוש אצל הרופא", "הכדור הוא 500 מ\"ג", "סתם שורה בלי מספרים",
                     "call 052-1234567 tomorrow", "it costs 30 dollars", "\"numberLines\":[] said at 10:30"]
        var summary = ConversationSummary()
        var json = SummaryJSON()
        for i in 1...60 {
            let caption = captionLine(i, texts[i % texts.count], speaker: i % 3 == 0 ? "\"numberLines\":[]" : "Speaker 1")
            summary.add(SavedLine(conversationID: 1, number: i, text: caption.text, speaker: caption.speaker,
                                  start: caption.start, end: caption.end, confidence: 0.9, uncertain: false,
                                  starred: false, language: i % texts.count >= 3 ? "en" : "he"))
            #expect(HistoryStore.decode(try json.encode(summary)) == summary)
        }
        #expect(summary.numberLines.count >= 30)
        // Another conversation's summary through the same encoder: the kept lines are not reused.
        var other = summary
        other.numberLines.removeLast(5)
        #expect(HistoryStore.decode(try json.encode(other)) == other)
        other.numberLines[0].text = "changed"
        other.numberLines.removeLast()
        #expect(HistoryStore.decode(try json.encode(other)) == other)
        #expect(HistoryStore.decode(try json.encode(ConversationSummary())) == ConversationSummary())
    }
}

import Foundation
import OzenKit
import OzenStore
import Testing

/// A locked line heard again and corrected (`corrected` event) is kept with its better words:
/// shown and exported as corrected, found by either wording.
@Suite struct CorrectedLineHistoryTests {
    @Test func aCorrectedLineIsKeptWithItsBetterWordsAndFoundByEither() throws {
        let temp = TemporaryHistory(); defer { temp.remove() }
        let recorder = ConversationRecorder(path: temp.path)
        let first = captionLine(1, "He was not an ill-sposed young man.", speaker: "Speaker 1", language: "en")
        recorder.record(.line(first, at: 3))
        recorder.record(.line(captionLine(2, "His temper might perhaps be a little sullen.", speaker: "Speaker 1", language: "en"), at: 6))
        var fixed = first
        fixed.text = "He was not an ill-disposed young man."
        recorder.record(.corrected(LineCorrection(line: fixed, previous: first.text), at: 7))
        #expect(recorder.close().isEmpty)

        let store = try temp.open()
        let id = try #require(try store.search("sullen").results.first?.conversation.id)
        let lines = try store.lines(of: id)
        #expect(lines.map(\.shownText) == ["He was not an ill-disposed young man.", "His temper might perhaps be a little sullen."])
        #expect(lines[0].speaker == "Speaker 1")
        for word in ["ill-disposed", "ill-sposed"] {
            #expect(try store.search(word).total == 1, "\(word)")
        }
        #expect(try store.export(id).plainText.contains("ill-disposed"))
    }
}

import Foundation
import OzenKit
import OzenStore
import Testing

/// A conversation of the room and a call (`ozen listen --device MIC --device computer`) is kept
/// with where each line was heard, and shows it when read back and exported.
@Suite struct RoomAndCallHistoryTests {
    @Test func whereEachLineWasHeardIsKept() throws {
        let temp = TemporaryHistory(); defer { temp.remove() }
        let recorder = ConversationRecorder(path: temp.path)
        var her = captionLine(1, "He was not an ill-disposed young man.", speaker: "Speaker 1", language: "en")
        her.source = .room
        var call = captionLine(2, "And so my fellow Americans, ask not what your country can do for you.", speaker: "Speaker 2", language: "en")
        call.source = .call
        recorder.record(.line(her, at: 3))
        recorder.record(.line(call, at: 9))
        recorder.record(.line(captionLine(3, "One source, before.", speaker: nil, language: "en"), at: 12))
        #expect(recorder.close().isEmpty)

        let store = try temp.open()
        let id = try #require(try store.search("americans").results.first?.conversation.id)
        #expect(try store.lines(of: id).map(\.source) == [.room, .call, nil])
        let export = try store.export(id)
        #expect(export.json.contains(#""from":"call""#) && export.json.contains(#""from":"room""#))
        #expect(export.plainText.contains("(call) Speaker 2: And so my fellow Americans"), "\(export.plainText)")
    }
}

import Foundation
import OzenKit
@testable import OzenStore
import Testing

/// A speaker changed after the line was saved: live corrections and renames reach the saved
/// lines and the summary.
@Suite struct SpeakerHistoryTests {
    @Test func aCorrectionEventRelabelsTheSavedLineAndItsSummary() throws {
        let temp = TemporaryHistory(); defer { temp.remove() }
        let recorder = ConversationRecorder(path: temp.path)
        recorder.record(.line(captionLine(1, "שלום לכולם"), at: 2))
        recorder.record(.line(captionLine(2, "מה שלומך", speaker: "Speaker 2"), at: 5))
        // Caption line ids are not saved numbers: an empty line takes an id but is not saved.
        recorder.record(.line(captionLine(3, " "), at: 6))
        recorder.record(.line(captionLine(4, "טוב תודה", speaker: "Speaker 2"), at: 9))
        recorder.record(.speaker(lineID: 4, speaker: "Speaker 1", at: 10))
        #expect(recorder.close().isEmpty)
        let store = try temp.open()
        let id = try #require(try store.conversations().first?.id)
        #expect(try store.lines(of: id).map { $0.speaker ?? "" } == ["Speaker 1", "Speaker 2", "Speaker 1"])
        let summary = try store.summary(of: id)
        #expect(summary.speakers.first { $0.speaker == "Speaker 1" }?.lines == 2)
    }

    @Test func aRenameReachesEveryConversation() throws {
        let temp = TemporaryHistory(); defer { temp.remove() }
        let store = try temp.open()
        let first = try store.startConversation(at: Date(timeIntervalSince1970: 1_000), language: "he")
        try store.append([captionLine(1, "בוקר טוב", speaker: "Ruth"), captionLine(2, "בוקר אור", speaker: "Speaker 1")], to: first)
        let second = try store.startConversation(at: Date(timeIntervalSince1970: 90_000), language: "he")
        try store.append([captionLine(1, "היי", speaker: "Ruth")], to: second)
        #expect(try store.renameSpeaker("Ruth", to: "Ruthie") == 2)
        #expect(try store.lines(of: first).map { $0.speaker ?? "" } == ["Ruthie", "Speaker 1"])
        #expect(try store.lines(of: second).first?.speaker == "Ruthie")
        #expect(try store.summary(of: second).speakers.map(\.speaker) == ["Ruthie"])
        #expect(try store.speakers(of: first).map(\.label) == ["Ruthie", "Speaker 1"])
    }
}

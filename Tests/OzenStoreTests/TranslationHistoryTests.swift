import Foundation
import OzenKit
import OzenStore
import Testing

/// The interpreter's conversations are kept with both texts, found by either, exported with both.
@Suite struct TranslationHistoryTests {
    @Test func bothLanguagesAreSavedSearchableAndExported() throws {
        let temp = TemporaryHistory(); defer { temp.remove() }
        let recorder = ConversationRecorder(path: temp.path)
        recorder.record(.line(captionLine(1, "Merci de votre patience.", speaker: nil, language: "fr"), at: 3))
        recorder.record(.translation(SentenceTranslation(id: 1, start: 0, end: 2.5, source: "Merci de votre patience.", language: "fr",
                                                         english: "Thank you for your patience.", translator: "whisper", usedContext: false), at: 3.5))
        recorder.record(.line(captionLine(2, "Des fournard ont mangé", speaker: nil, language: "fr"), at: 6))
        recorder.record(.translation(SentenceTranslation(id: 2, start: 3, end: 5.5, source: "Des fournard ont mangé", language: "fr",
                                                         english: "Fwinners ate", translator: "whisper", usedContext: false), at: 6.5))
        // The second pass heard it better: its source and English replace the first ones.
        recorder.record(.reviewed(SentenceRevision(id: 2, source: "Des fouineurs ont mangé", english: "Weasels have eaten", changed: true), at: 9))
        recorder.record(.reviewed(SentenceRevision(id: 1, source: "Merci de votre patience.", english: "Thank you for your patience.", changed: false), at: 9))
        #expect(recorder.close().isEmpty)

        let store = try temp.open()
        let id = try #require(try store.search("patience").results.first?.conversation.id)
        let lines = try store.lines(of: id)
        #expect(lines.map(\.english) == ["Thank you for your patience.", "Weasels have eaten"])
        #expect(lines[1].shownText == "Des fouineurs ont mangé")
        for word in ["weasels", "fouineurs", "fournard", "merci", "thank"] {
            #expect(try store.search(word).total == 1, "\(word)")
        }
        let export = try store.export(id)
        #expect(export.json.contains(#""english":"Weasels have eaten""#))
        #expect(export.plainText.contains("Merci de votre patience.\n        Thank you for your patience."))
        // Deleting the conversation takes both languages out of the index.
        try store.delete(conversations: [id])
        #expect(try store.search("weasels").total == 0)
    }
}

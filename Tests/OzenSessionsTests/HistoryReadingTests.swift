import Foundation
import OzenKit
import OzenSessions
import OzenTestSupport
import Testing

/// `ozen history`'s list, search, show, star, name, export, import, delete and retention, driven in this
/// process on a conversation `CaptionSession` saved from a real recording (Kennedy), as the
/// commands drive them; the lines they return are what the commands print.
@Suite struct HistoryReadingTests {
    @Test func aSavedConversationIsListedFoundShownStarredNamedAndDeletedOnlyWhenConfirmed() throws {
        var settings = try CaptionSessionTests.settings(language: .english)
        settings.saves = true
        let home = settings.home
        defer { try? FileManager.default.removeItem(atPath: home.path) }
        let events = try CaptionSessionTests.events(of: Fixtures.jfk.path, settings)

        let listed = try HistoryList.page(1, json: false, home: home)
        #expect(listed.first == "Today" && listed.count == 2 && listed[1].hasPrefix("  #1  "), "\(listed)")
        let json = try HistoryList.page(1, json: true, home: home)
        #expect(json.count == 1 && json[0].contains(#""type":"conversation""#) && json[0].contains(#""id":1"#), "\(json)")
        #expect(try HistoryList.page(2, json: false, home: home) == ["No more conversations."])
        #expect(throws: UsageError.self) { try HistoryList.page(0, json: false, home: home) }

        let found = try HistorySearch.results(for: "country", limit: 20, json: false, marks: .plain, home: home)
        #expect(found.count == 3 && found[1].contains("«country»") && found[2].hasPrefix("  open: ozen history show 1 --line "), "\(found)")
        #expect(try HistorySearch.results(for: "pizza", limit: 20, json: false, marks: .plain, home: home) == ["no conversation holds all of: pizza"])
        #expect(throws: UsageError.self) { try HistorySearch.results(for: " ", limit: 20, json: false, marks: .plain, home: home) }

        let shown = try HistoryShow.lines(of: 1, at: nil, find: "", marks: .plain, home: home)
        #expect(shown.first?.hasPrefix("#1 Conversation — Today ") == true && shown.contains { $0.lowercased().contains("fellow") }, "\(shown)")
        #expect(throws: UsageError.self) { try HistoryShow.lines(of: 1, at: 0, find: "", marks: .plain, home: home) }
        let around = try HistoryShow.lines(of: 1, at: 1, find: "fellow", marks: .terminal, home: home)
        #expect(around.first?.hasPrefix("▶ ") == true && around.contains { $0.contains("\u{1B}[7m") }, "\(around)")

        #expect(try HistoryMarks.star(true, conversation: 1, line: 1, home: home) == ["line 1 starred"])
        let starred = try HistoryMarks.starred(home: home)
        #expect(starred.count == 1 && starred[0].hasPrefix("★ #1:1 Today [0:00] "), "\(starred)")
        #expect(try HistoryMarks.name(conversation: 1, "Kennedy's speech", home: home) == ["the conversation is now called: Kennedy's speech"])
        #expect(try HistoryList.page(1, json: false, home: home)[1].contains("  Kennedy's speech · ") == true)

        #expect(try HistoryRetention.lines(setting: nil, confirmed: false, home: home).first?.hasPrefix("Keeping conversations: ") == true)
        #expect(throws: UsageError.self) { try HistoryRetention.lines(setting: "fortnight", confirmed: false, home: home) }

        let exported = try HistoryExport.text(of: 1, format: "srt", home: home)
        #expect(exported.hasPrefix("1\n00:00:00,") && exported.lowercased().contains("fellow americans"), "\(exported)")
        #expect(throws: UsageError.self) { try HistoryExport.text(of: 1, format: "docx", home: home) }

        // The session's own events (`ozen caption --json`) come back in as a second conversation.
        let jsonl = home.path + "/kennedy.jsonl"
        try events.map { $0.json.serialized() }.joined(separator: "\n").write(toFile: jsonl, atomically: true, encoding: .utf8)
        let imported = try HistoryImport.run(jsonl, name: "Kennedy again", started: "2025-03-12", home: home)
        #expect(imported.hasPrefix("imported ") && imported.hasSuffix(" lines as conversation 2 — ozen history show 2"), "\(imported)")
        let second = try HistoryList.page(1, json: true, home: home).first { $0.contains(#""id":2"#) } ?? ""
        #expect(second.contains(#""title":"Kennedy again""#) && second.contains(#""started_at":"2025-03-12T00:00:00Z""#), "\(second)")
        #expect(throws: HistoryImport.Problem.self) { try HistoryImport.run(home.path + "/none.jsonl", name: nil, started: nil, home: home) }
        try "not json\n".write(toFile: home.path + "/bad.jsonl", atomically: true, encoding: .utf8)
        #expect(throws: HistoryImport.Problem.self) { try HistoryImport.run(home.path + "/bad.jsonl", name: nil, started: nil, home: home) }
        #expect(throws: UsageError.self) { try HistoryImport.run(jsonl, name: nil, started: "yesterday", home: home) }
        #expect(try HistoryMarks.delete(conversation: 2, confirmed: true, home: home).first?.hasPrefix("Deleted: #2  ") == true)

        let asked = try HistoryMarks.delete(conversation: 1, confirmed: false, home: home)
        #expect(asked.last == "Nothing was deleted. To delete it: ozen history delete 1 --yes", "\(asked)")
        #expect(try HistoryList.page(1, json: false, home: home).count == 2)
        #expect(try HistoryMarks.delete(conversation: 1, confirmed: true, home: home).first?.hasPrefix("Deleted: #1  ") == true)
        #expect(try HistoryList.page(1, json: false, home: home) == ["No saved conversations yet."])
    }
}

import Foundation
import OzenKit
@testable import OzenStore
import Testing

@Suite struct HistoryStoreTests {
    @Test func linesSavedAreThereAfterReopeningWithTheirSummary() throws {
        let temp = TemporaryHistory(); defer { temp.remove() }
        let id: Int64
        do {
            let store = try temp.open()
            id = try store.startConversation(at: Date(timeIntervalSince1970: 100), language: "he")
            try store.append([captionLine(1, "התור בשבע וחצי"), captionLine(2, "   "),
                              captionLine(3, "כן תודה רבה", speaker: "Speaker 2", uncertain: true),
                              captionLine(4, "הטלפון שלי 052-1234567", speaker: "Speaker 2")], to: id)
        }
        let store = try temp.open()
        let lines = try store.lines(of: id)
        #expect(lines.map(\.number) == [1, 2, 3])
        #expect(lines[1].uncertain && lines[1].speaker == "Speaker 2")
        let listing = try store.conversation(id)
        #expect(listing.lineCount == 3 && listing.preview == "התור בשבע וחצי")
        let summary = try store.summary(of: id)
        #expect(summary.seconds == 11.5)
        #expect(summary.speakers.map(\.speaker) == ["Speaker 1", "Speaker 2"])
        #expect(summary.speakers[1].words == 6 && summary.speakers[1].seconds == 5)
        #expect(summary.speakers[1].wordsPerMinute == 72)
        #expect(summary.longestTurn?.speaker == "Speaker 2" && summary.longestTurn?.firstLine == 2 && summary.longestTurn?.lastLine == 3)
        #expect(summary.numberLines.map(\.line) == [1, 3])
        #expect(summary.numberLines.map(\.kinds) == [["time"], ["phone"]])
        // A continued conversation numbers on and adds its time offset.
        try store.append([captionLine(1, "עוד משהו")], to: id, timeOffset: 60)
        #expect(try store.lines(of: id, from: 4).map(\.start) == [60])
    }

    @Test func theListGroupsByTodayYesterdayWeekdayAndDate() throws {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = TimeZone(identifier: "Asia/Jerusalem")!
        let now = calendar.date(from: DateComponents(year: 2025, month: 3, day: 12, hour: 9))!   // a Wednesday
        func day(_ d: Int, _ h: Int) -> Date { calendar.date(from: DateComponents(year: 2025, month: 3, day: d, hour: h))! }
        let temp = TemporaryHistory(); defer { temp.remove() }
        let store = try temp.open()
        for date in [day(12, 8), day(12, 0), day(11, 23), day(9, 10), day(6, 10), day(5, 10)] {
            let id = try store.startConversation(at: date, language: "he")
            try store.append([captionLine(1, "שלום")], to: id)
        }
        let groups = HistoryDay.group(try store.conversations(), now: now, calendar: calendar)
        #expect(groups.map(\.day) == [.today, .yesterday, .weekday(1), .weekday(5), .date(year: 2025, month: 3, day: 5)])
        #expect(groups.map(\.conversations.count) == [2, 1, 1, 1, 1])
        #expect(groups[0].conversations[0].startedAt == day(12, 8))
    }

    @Test func starsAndNamesShowInTheListAndTheStarredList() throws {
        let temp = TemporaryHistory(); defer { temp.remove() }
        let store = try temp.open()
        let id = try store.startConversation(at: Date(), language: "he")
        try store.append([captionLine(1, "שלום"), captionLine(2, "התרופה פעמיים ביום")], to: id)
        try store.setStar(true, conversation: id, line: 2)
        try store.setStar(true, conversation: id, line: 2)   // twice is still one star
        try store.name(conversation: id, "ביקור אצל הרופא")
        let listing = try store.conversation(id)
        #expect(listing.starCount == 1 && listing.title == "ביקור אצל הרופא")
        #expect(try store.starredLines().map(\.line.number) == [2])
        #expect(try store.starredLines().first?.conversationTitle == "ביקור אצל הרופא")
        try store.setStar(false, conversation: id, line: 2)
        #expect(try store.conversation(id).starCount == 0 && (try store.starredLines()).isEmpty)
        #expect(throws: HistoryLookupError.noLine(conversation: id, line: 9)) { try store.setStar(true, conversation: id, line: 9) }
        #expect(throws: HistoryLookupError.noConversation(99)) { try store.name(conversation: 99, "x") }
        try store.addName("רותי"); try store.addName("דוד")
        #expect(try store.names() == ["רותי", "דוד"] || (try store.names()).sorted() == ["דוד", "רותי"])
        try store.nameSpeaker(conversation: id, label: "Speaker 1", name: "רותי")
        #expect(try store.speakers(of: id).first?.name == "רותי")
    }

    @Test func retentionReportsFirstThenDeletesOnlyUnnamedUnstarredOldConversations() throws {
        let temp = TemporaryHistory(); defer { temp.remove() }
        let store = try temp.open()
        let now = Date(timeIntervalSince1970: 100 * 86_400)
        func add(daysAgo: Double) throws -> Int64 {
            let id = try store.startConversation(at: now.addingTimeInterval(-daysAgo * 86_400), language: "he")
            try store.append([captionLine(1, "שלום"), captionLine(2, "להתראות")], to: id)
            return id
        }
        let old = try add(daysAgo: 40), named = try add(daysAgo: 50), starred = try add(daysAgo: 60), recent = try add(daysAgo: 3)
        try store.name(conversation: named, "ביקור אצל הרופא")
        try store.setStar(true, conversation: starred, line: 1)
        #expect(try store.retention() == .off)
        let plan = try store.retentionPlan(.month, now: now)
        #expect(plan.conversations.map(\.id) == [old] && plan.lines == 2)
        #expect(try store.conversationCount == 4)   // the plan deleted nothing
        try store.setRetention(.month, now: now)
        #expect(try store.retention() == .month)
        #expect(try store.conversations().map(\.id).sorted() == [named, starred, recent])
        #expect(try store.search("להתראות").total == 3)
        #expect(RetentionPeriod(argument: "3months") == .threeMonths && RetentionPeriod(argument: "forever") == nil)
    }

    @Test func exportsPlainTextSRTAndJSONThatImportsBack() throws {
        let temp = TemporaryHistory(); defer { temp.remove() }
        let store = try temp.open()
        let id = try store.startConversation(at: Date(), language: "he", title: "ביקור")
        try store.append([captionLine(1, "התור בשבע וחצי"), captionLine(2, "לא שמעתי", uncertain: true)]
                         + (3...40).map { captionLine($0, "שורה רגילה") }, to: id)
        try store.setStar(true, conversation: id, line: 1)
        let export = try store.export(id)
        let text = export.plainText
        #expect(text.hasPrefix("ביקור — "))
        let numbersAt = try #require(text.range(of: "Numbers said:") ?? text.range(of: "מספרים שנאמרו:"))
        #expect(numbersAt.lowerBound < text.range(of: "★")!.lowerBound)   // a long conversation opens with its numbers
        #expect(text.contains("★ Speaker 1: התור בשבע וחצי"))
        #expect(text.contains("לא שמעתי (may not have been heard correctly)") || text.contains("לא שמעתי (ייתכן שלא נשמע נכון)"))
        #expect(export.srt.hasPrefix("1\n00:00:00,000 --> 00:00:02,500\nSpeaker 1: התור בשבע וחצי\n\n2\n00:00:03,000 --> 00:00:05,500\n"))
        #expect(ConversationExport.srtTime(3723.0456) == "01:02:03,046")
        let back = try TranscriptImport.read(export.json)
        #expect(back.lines.count == 40 && back.starred == [1] && back.title == "ביקור")
        #expect(back.lines[1].uncertain && back.lines[1].text == "לא שמעתי")
    }

    @Test func importTakesLineEventsOfCaptionJSONAndSkipsTheRest() throws {
        let jsonl = """
        {"type":"status","at":0.000,"state":"loading","model":"base"}
        {"type":"partial","at":1.0,"id":1,"text":"של","start":0.0,"end":1.0,"final":false,"language":"he"}
        {"type":"line","at":2.0,"id":1,"text":"שָׁלוֹם ולרותי","start":0.0,"end":2.0,"final":true,"speaker":null,"confidence":0.9,"uncertain":false,"language":"he"}

        {"type":"alert","at":2.1,"word":"רותי"}
        {"type":"line","at":5.0,"id":2,"text":"the clinic at 10:30","start":3.0,"end":5.0,"final":true,"speaker":"Speaker 2","confidence":null,"uncertain":true,"language":"en"}
        """
        let transcript = try TranscriptImport.read(jsonl)
        #expect(transcript.lines.map(\.text) == ["שָׁלוֹם ולרותי", "the clinic at 10:30"])
        #expect(transcript.lines[1].speaker == "Speaker 2" && transcript.lines[1].confidence == nil && transcript.lines[1].uncertain)
        let temp = TemporaryHistory(); defer { temp.remove() }
        let store = try temp.open()
        let id = try store.importTranscript(transcript, startedAt: Date(), title: "בדיקה")
        #expect(try store.search("רותי שלום").results.first?.conversation.id == id)
        #expect(try store.conversation(id).title == "בדיקה")
        #expect(throws: TranscriptImport.Failure(line: 2)) { try TranscriptImport.read("{\"type\":\"line\"}\nnot json") }
    }
}

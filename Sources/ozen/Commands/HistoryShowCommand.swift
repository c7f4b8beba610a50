import Foundation
import OzenKit
import OzenSessions
import OzenStore

/// `ozen history show N [--line L] [--find WORDS]`: a conversation's summary and lines, or
/// 40 lines around line L (marked ▶) with the searched words highlighted.
enum HistoryShowCommand {
    /// Lines shown before the one opened at, so what led up to it is on screen.
    static let contextBefore = 5
    static let window = 40

    static func run(_ arguments: [String]) throws {
        let args = try ArgumentReader(arguments, options: ["--line", "--find"], flags: [])
        let id = try HistoryCommand.conversationID(args.positional.first)
        let store = try HistoryCommand.open()
        let conversation = try store.conversation(id)
        let summary = try store.summary(of: id)
        let words = SearchWords.queryWords(args.value("--find") ?? "")
        var lines: [SavedLine]
        var target: Int?
        if let raw = args.value("--line") {
            guard let at = Int(raw), at >= 1 else { throw UsageError(tr("‏--line צריך מספר שורה", "--line needs a line number")) }
            target = at
            lines = try store.lines(of: id, from: max(1, at - contextBefore), limit: window)
            guard lines.contains(where: { $0.number == at }) else { throw HistoryLookupError.noLine(conversation: id, line: at) }
        } else {
            lines = try store.lines(of: id)
            printSummary(conversation, summary)
        }
        for line in lines {
            let mark = line.number == target ? "▶" : " "
            let star = line.starred ? "★" : " "
            let speaker = (line.source.map { "(\($0.shown)) " } ?? "") + (line.speaker.map { "\($0): " } ?? "")
            let ranges = words.isEmpty ? [] : HistoryStore.highlights(of: words, in: line.shownText).ranges
            var text = HistoryCommand.highlighted(line.shownText, ranges)
            if line.uncertain { text += " (?)" }
            HistoryCommand.write("\(mark)\(star)\(String(format: "%4d", line.number)) [\(ConversationExport.clock(line.start))] \(speaker)\(text)")
            if let english = line.english {
                HistoryCommand.write("                 " + HistoryCommand.highlighted(english, words.isEmpty ? [] : HistoryStore.highlights(of: words, in: english).ranges))
            }
        }
    }

    private static func printSummary(_ c: ConversationListing, _ s: ConversationSummary) {
        HistoryCommand.write("#\(c.id) \(c.title ?? tr("שיחה", "Conversation")) — \(HistoryDay(of: c.startedAt, now: Date()).title) \(HistoryCommand.timeOfDay(c.startedAt))")
        HistoryCommand.write(String(format: tr("משך %@, %ld שורות, %ld מילים לדקה", "%@ long, %ld lines, %ld words a minute"),
                                    HistoryCommand.minutes(s.seconds), s.lines, Int(s.wordsPerMinute.rounded())))
        for speaker in s.speakers {
            let name = speaker.speaker.isEmpty ? tr("לא ידוע", "unknown") : speaker.speaker
            HistoryCommand.write("  " + String(format: tr("%@: %@, %ld מילים, %ld מילים לדקה", "%@: %@, %ld words, %ld words a minute"),
                                               name, HistoryCommand.minutes(speaker.seconds), speaker.words, Int(speaker.wordsPerMinute.rounded())))
        }
        if let turn = s.longestTurn {
            HistoryCommand.write("  " + String(format: tr("התור הארוך ביותר: %@, %@ (שורות %ld–%ld)", "longest turn: %@, %@ (lines %ld–%ld)"),
                                               turn.speaker.isEmpty ? tr("לא ידוע", "unknown") : turn.speaker,
                                               HistoryCommand.minutes(turn.seconds), turn.firstLine, turn.lastLine))
        }
        if !s.numberLines.isEmpty {
            HistoryCommand.write(tr("שורות עם מספרים:", "Lines with numbers:"))
            for n in s.numberLines { HistoryCommand.write("  \(n.line) [\(ConversationExport.clock(n.start))] \(n.text)") }
        }
        HistoryCommand.write("")
    }
}

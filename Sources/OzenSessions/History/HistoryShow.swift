import Foundation
import OzenKit
import OzenStore

/// `ozen history show N [--line L] [--find WORDS]`: a conversation's summary and lines, or
/// 40 lines around line L (marked ▶) with the searched words highlighted.
public enum HistoryShow {
    /// Lines shown before the one opened at, so what led up to it is on screen.
    static let contextBefore = 5
    static let window = 40

    /// The lines to print for conversation `id` of `home`'s history: its summary and every
    /// line, or with `line` the lines around it; `find`'s words marked.
    public static func lines(of id: Int64, at line: Int?, find: String, marks: HistoryListing.Marks, home: OzenHome) throws -> [String] {
        let store = try HistoryStore(home: home)
        let conversation = try store.conversation(id)
        let summary = try store.summary(of: id)
        let words = SearchWords.queryWords(find)
        var shown: [String] = []
        let lines: [SavedLine]
        if let at = line {
            guard at >= 1 else { throw UsageError(tr("‏--line צריך מספר שורה", "--line needs a line number")) }
            lines = try store.lines(of: id, from: max(1, at - contextBefore), limit: window)
            guard lines.contains(where: { $0.number == at }) else { throw HistoryLookupError.noLine(conversation: id, line: at) }
        } else {
            lines = try store.lines(of: id)
            shown = self.summary(conversation, summary)
        }
        func marked(_ text: String) -> String {
            HistoryListing.highlighted(text, words.isEmpty ? [] : HistoryStore.highlights(of: words, in: text).ranges, marks: marks)
        }
        for saved in lines {
            let mark = saved.number == line ? "▶" : " "
            let star = saved.starred ? "★" : " "
            let speaker = (saved.source.map { "(\($0.shown)) " } ?? "") + (saved.speaker.map { "\($0): " } ?? "")
            var text = marked(saved.shownText)
            if saved.uncertain { text += " (?)" }
            shown.append("\(mark)\(star)\(String(format: "%4d", saved.number)) [\(ConversationExport.clock(saved.start))] \(speaker)\(text)")
            if let english = saved.english { shown.append("                 " + marked(english)) }
        }
        return shown
    }

    private static func summary(_ c: ConversationListing, _ s: ConversationSummary) -> [String] {
        var lines = ["#\(c.id) \(c.title ?? tr("שיחה", "Conversation")) — \(HistoryDay(of: c.startedAt, now: Date()).title) \(HistoryListing.timeOfDay(c.startedAt))",
                     String(format: tr("משך %@, %ld שורות, %ld מילים לדקה", "%@ long, %ld lines, %ld words a minute"),
                            HistoryListing.minutes(s.seconds), s.lines, Int(s.wordsPerMinute.rounded()))]
        for speaker in s.speakers {
            let name = speaker.speaker.isEmpty ? tr("לא ידוע", "unknown") : speaker.speaker
            lines.append("  " + String(format: tr("%@: %@, %ld מילים, %ld מילים לדקה", "%@: %@, %ld words, %ld words a minute"),
                                       name, HistoryListing.minutes(speaker.seconds), speaker.words, Int(speaker.wordsPerMinute.rounded())))
        }
        if let turn = s.longestTurn {
            lines.append("  " + String(format: tr("התור הארוך ביותר: %@, %@ (שורות %ld–%ld)", "longest turn: %@, %@ (lines %ld–%ld)"),
                                       turn.speaker.isEmpty ? tr("לא ידוע", "unknown") : turn.speaker,
                                       HistoryListing.minutes(turn.seconds), turn.firstLine, turn.lastLine))
        }
        if !s.numberLines.isEmpty {
            lines.append(tr("שורות עם מספרים:", "Lines with numbers:"))
            lines += s.numberLines.map { "  \($0.line) [\(ConversationExport.clock($0.start))] \($0.text)" }
        }
        lines.append("")
        return lines
    }
}

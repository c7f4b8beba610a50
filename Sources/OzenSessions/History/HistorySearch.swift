import Foundation
import OzenKit
import OzenStore

/// `ozen history search WORDS... [--json]`: conversations that hold every word, each shown at
/// the line where the words were said, with the command that opens it there.
public enum HistorySearch {
    /// The lines to print for `query` in `home`'s history, at most `limit` conversations.
    public static func results(for query: String, limit: Int, json: Bool, marks: HistoryListing.Marks,
                               home: OzenHome, now: Date = Date()) throws -> [String] {
        guard !SearchWords.queryWords(query).isEmpty else {
            throw UsageError(tr("מה לחפש? ozen history search רותי תור", "what should I look for? ozen history search Ruth appointment"))
        }
        let found = try HistoryStore(home: home).search(query, limit: max(1, limit))
        if json {
            return found.results.map { result in
                let day = HistoryDay(of: result.conversation.startedAt, now: now)
                return JSONValue.object([("type", .string("result"))] + HistoryListing.json(result.conversation, day: day) + [
                    ("line", .int(result.line.number)), ("text", .string(result.line.shownText)),
                    ("start", .number(result.line.start, decimals: 3)),
                    ("highlights", .array(result.highlights.map { .object([("start", .int($0.start)), ("end", .int($0.end))]) })),
                ]).serialized()
            }
        }
        guard !found.results.isEmpty else {
            return [String(format: tr("אף שיחה לא מכילה את כל המילים: %@", "no conversation holds all of: %@"), query)]
        }
        var lines: [String] = []
        for result in found.results {
            let c = result.conversation
            lines.append("\(HistoryDay(of: c.startedAt, now: now).title) — " + HistoryListing.line(c))
            lines.append("  [\(ConversationExport.clock(result.line.start))] " + HistoryListing.highlighted(result.line.shownText, result.highlights, marks: marks))
            lines.append("  " + tr("לפתוח:", "open:") + " ozen history show \(c.id) --line \(result.line.number) --find \"\(query)\"")
        }
        if found.total > found.results.count {
            lines.append(String(format: tr("ועוד %ld שיחות (--limit)", "and %ld more conversations (--limit)"), found.total - found.results.count))
        }
        return lines
    }
}

import Foundation
import OzenKit
import OzenSessions
import OzenStore

/// `ozen history search WORDS... [--json]`: conversations that hold every word, each shown at
/// the line where the words were said, with the command that opens it there.
enum HistorySearchCommand {
    static func run(_ arguments: [String]) throws {
        let args = try ArgumentReader(arguments, options: ["--limit"], flags: ["--json"])
        let query = args.positional.joined(separator: " ")
        guard !SearchWords.queryWords(query).isEmpty else {
            throw UsageError(tr("מה לחפש? ozen history search רותי תור", "what should I look for? ozen history search Ruth appointment"))
        }
        let limit = Int(args.value("--limit") ?? "20") ?? 20
        let store = try HistoryCommand.open()
        let found = try store.search(query, limit: max(1, limit))
        let now = Date()
        if args.flag("--json") {
            for result in found.results {
                let day = HistoryDay(of: result.conversation.startedAt, now: now)
                HistoryCommand.write(JSONValue.object([("type", .string("result"))] + HistoryCommand.listingJSON(result.conversation, day: day) + [
                    ("line", .int(result.line.number)), ("text", .string(result.line.shownText)),
                    ("start", .number(result.line.start, decimals: 3)),
                    ("highlights", .array(result.highlights.map { .object([("start", .int($0.start)), ("end", .int($0.end))]) })),
                ]).serialized())
            }
            return
        }
        guard !found.results.isEmpty else {
            HistoryCommand.write(String(format: tr("אף שיחה לא מכילה את כל המילים: %@", "no conversation holds all of: %@"), query))
            return
        }
        for result in found.results {
            let c = result.conversation
            HistoryCommand.write("\(HistoryDay(of: c.startedAt, now: now).title) — " + HistoryCommand.listingLine(c))
            HistoryCommand.write("  [\(ConversationExport.clock(result.line.start))] " + HistoryCommand.highlighted(result.line.shownText, result.highlights))
            HistoryCommand.write("  " + tr("לפתוח:", "open:") + " ozen history show \(c.id) --line \(result.line.number) --find \"\(query)\"")
        }
        if found.total > found.results.count {
            HistoryCommand.write(String(format: tr("ועוד %ld שיחות (--limit)", "and %ld more conversations (--limit)"), found.total - found.results.count))
        }
    }
}

import Foundation
import OzenKit
import OzenSessions
import OzenStore

/// `ozen history list [--page N] [--json]`: conversations newest first, 20 a page, under
/// Today / Yesterday / weekday / date headings, from their stored summaries only.
enum HistoryListCommand {
    static let pageSize = 20

    static func run(_ arguments: [String]) throws {
        let args = try ArgumentReader(arguments, options: ["--page"], flags: ["--json"])
        let page = Int(args.value("--page") ?? "1") ?? 0
        guard page >= 1 else { throw UsageError(tr("‏--page צריך מספר שלם מ־1", "--page needs a whole number from 1")) }
        let store = try HistoryCommand.open()
        let now = Date()
        let groups = HistoryDay.group(try store.conversations(limit: pageSize, offset: (page - 1) * pageSize), now: now)
        if args.flag("--json") {
            for group in groups {
                for c in group.conversations {
                    HistoryCommand.write(JSONValue.object([("type", .string("conversation"))] + HistoryCommand.listingJSON(c, day: group.day)).serialized())
                }
            }
            return
        }
        if groups.isEmpty {
            HistoryCommand.write(page == 1 ? tr("אין עדיין שיחות שמורות.", "No saved conversations yet.") : tr("אין עוד שיחות.", "No more conversations."))
            return
        }
        for group in groups {
            HistoryCommand.write(group.day.title)
            for c in group.conversations { HistoryCommand.write("  " + HistoryCommand.listingLine(c)) }
        }
        let total = try store.conversationCount
        if total > page * pageSize {
            HistoryCommand.write(String(format: tr("עוד שיחות: ozen history list --page %ld", "more: ozen history list --page %ld"), page + 1))
        }
    }
}

import Foundation
import OzenKit
import OzenStore

/// `ozen history list [--page N] [--json]`: conversations newest first, 20 a page, under
/// Today / Yesterday / weekday / date headings, from their stored summaries only.
public enum HistoryList {
    public static let pageSize = 20

    /// Page `page` (from 1) of `home`'s history, as the lines to print: JSON objects with
    /// `json`, else headings and conversations, and where the next page is.
    public static func page(_ page: Int, json: Bool, home: OzenHome, now: Date = Date()) throws -> [String] {
        guard page >= 1 else { throw UsageError(tr("‏--page צריך מספר שלם מ־1", "--page needs a whole number from 1")) }
        let store = try HistoryStore(home: home)
        let groups = HistoryDay.group(try store.conversations(limit: pageSize, offset: (page - 1) * pageSize), now: now)
        if json {
            return groups.flatMap { group in
                group.conversations.map {
                    JSONValue.object([("type", .string("conversation"))] + HistoryListing.json($0, day: group.day)).serialized()
                }
            }
        }
        if groups.isEmpty {
            return [page == 1 ? tr("אין עדיין שיחות שמורות.", "No saved conversations yet.") : tr("אין עוד שיחות.", "No more conversations.")]
        }
        var lines: [String] = []
        for group in groups {
            lines.append(group.day.title)
            lines += group.conversations.map { "  " + HistoryListing.line($0) }
        }
        if try store.conversationCount > page * pageSize {
            lines.append(String(format: tr("עוד שיחות: ozen history list --page %ld", "more: ozen history list --page %ld"), page + 1))
        }
        return lines
    }
}

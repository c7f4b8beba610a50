import Foundation
import OzenKit
import OzenStore

/// `ozen history star [N LINE [--off]]`, `name N TITLE... [--clear]`, `delete N [--yes]`: what
/// she marks in the history, and taking a conversation out of it. Each returns the lines to print.
public enum HistoryMarks {
    /// Every starred line of every conversation.
    public static func starred(home: OzenHome, now: Date = Date()) throws -> [String] {
        let starred = try HistoryStore(home: home).starredLines()
        if starred.isEmpty { return [tr("אין שורות מסומנות בכוכב.", "No starred lines.")] }
        return starred.map { s in
            let title = s.conversationTitle ?? HistoryDay(of: s.conversationStartedAt, now: now).title
            return "★ #\(s.line.conversationID):\(s.line.number) \(title) [\(ConversationExport.clock(s.line.start))] \(s.line.shownText)"
        }
    }

    /// Stars line `line` of conversation `id` (`on` false: takes the star off).
    public static func star(_ on: Bool, conversation id: Int64, line: Int, home: OzenHome) throws -> [String] {
        try HistoryStore(home: home).setStar(on, conversation: id, line: line)
        return [on ? String(format: tr("שורה %ld סומנה בכוכב", "line %ld starred"), line)
                   : String(format: tr("הכוכב הוסר משורה %ld", "line %ld unstarred"), line)]
    }

    /// Names conversation `id` (nil: removes its name).
    public static func name(conversation id: Int64, _ title: String?, home: OzenHome) throws -> [String] {
        try HistoryStore(home: home).name(conversation: id, title)
        return [title.map { String(format: tr("השיחה נקראת עכשיו: %@", "the conversation is now called: %@"), $0) } ?? tr("השם הוסר", "name removed")]
    }

    /// Says what it would delete; deletes only when `confirmed` (--yes).
    public static func delete(conversation id: Int64, confirmed: Bool, home: OzenHome) throws -> [String] {
        let store = try HistoryStore(home: home)
        let c = try store.conversation(id)
        guard confirmed else {
            return [tr("יימחק:", "Would delete:") + " " + HistoryListing.line(c),
                    String(format: tr("שום דבר לא נמחק. למחוק: ozen history delete %lld --yes", "Nothing was deleted. To delete it: ozen history delete %lld --yes"), id)]
        }
        try store.delete(conversations: [id])
        return [tr("נמחק:", "Deleted:") + " " + HistoryListing.line(c)]
    }
}

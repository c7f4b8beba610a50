import Foundation
import OzenKit
import OzenSessions
import OzenStore

/// `ozen history star [N LINE [--off]]`, `name N TITLE... [--clear]`, `delete N [--yes]`:
/// what she marks in the history, and taking a conversation out of it.
enum HistoryMarkCommands {
    /// No arguments: every starred line of every conversation. N LINE: star it (--off: unstar).
    static func star(_ arguments: [String]) throws {
        let args = try ArgumentReader(arguments, options: [], flags: ["--off", "--json"])
        let store = try HistoryCommand.open()
        if args.positional.isEmpty {
            let starred = try store.starredLines()
            if starred.isEmpty { HistoryCommand.write(tr("אין שורות מסומנות בכוכב.", "No starred lines.")) }
            for s in starred {
                let title = s.conversationTitle ?? HistoryDay(of: s.conversationStartedAt, now: Date()).title
                HistoryCommand.write("★ #\(s.line.conversationID):\(s.line.number) \(title) [\(ConversationExport.clock(s.line.start))] \(s.line.shownText)")
            }
            return
        }
        guard args.positional.count == 2, let line = Int(args.positional[1]), line >= 1 else {
            throw UsageError(tr("לסמן שורה: ozen history star שיחה שורה [--off]", "to star a line: ozen history star CONVERSATION LINE [--off]"))
        }
        let id = try HistoryCommand.conversationID(args.positional[0])
        try store.setStar(!args.flag("--off"), conversation: id, line: line)
        HistoryCommand.write(args.flag("--off") ? String(format: tr("הכוכב הוסר משורה %ld", "line %ld unstarred"), line)
                                                : String(format: tr("שורה %ld סומנה בכוכב", "line %ld starred"), line))
    }

    static func name(_ arguments: [String]) throws {
        let args = try ArgumentReader(arguments, options: [], flags: ["--clear"])
        let id = try HistoryCommand.conversationID(args.positional.first)
        let title = args.positional.dropFirst().joined(separator: " ")
        guard args.flag("--clear") || !title.trimmingCharacters(in: .whitespaces).isEmpty else {
            throw UsageError(tr("איזה שם? ozen history name 12 ביקור אצל הרופא", "what name? ozen history name 12 visit to the doctor"))
        }
        try HistoryCommand.open().name(conversation: id, args.flag("--clear") ? nil : title)
        HistoryCommand.write(args.flag("--clear") ? tr("השם הוסר", "name removed") : String(format: tr("השיחה נקראת עכשיו: %@", "the conversation is now called: %@"), title))
    }

    /// Reports what it would delete; deletes only with --yes.
    static func delete(_ arguments: [String]) throws {
        let args = try ArgumentReader(arguments, options: [], flags: ["--yes"])
        let id = try HistoryCommand.conversationID(args.positional.first)
        let store = try HistoryCommand.open()
        let c = try store.conversation(id)
        guard args.flag("--yes") else {
            HistoryCommand.write(tr("יימחק:", "Would delete:") + " " + HistoryListing.line(c))
            HistoryCommand.write(String(format: tr("שום דבר לא נמחק. למחוק: ozen history delete %lld --yes", "Nothing was deleted. To delete it: ozen history delete %lld --yes"), id))
            return
        }
        try store.delete(conversations: [id])
        HistoryCommand.write(tr("נמחק:", "Deleted:") + " " + HistoryListing.line(c))
    }
}

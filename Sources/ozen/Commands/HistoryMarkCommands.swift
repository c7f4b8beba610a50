import Foundation
import OzenKit
import OzenSessions

/// `ozen history star [N LINE [--off]]`, `name N TITLE... [--clear]`, `delete N [--yes]`: read
/// the arguments and print what `HistoryMarks` did.
enum HistoryMarkCommands {
    /// No arguments: every starred line of every conversation. N LINE: star it (--off: unstar).
    static func star(_ arguments: [String]) throws {
        let args = try ArgumentReader(arguments, options: [], flags: ["--off", "--json"])
        let home = OzenHome.fromEnvironment()
        if args.positional.isEmpty { return HistoryCommand.write(try HistoryMarks.starred(home: home)) }
        guard args.positional.count == 2, let line = Int(args.positional[1]), line >= 1 else {
            throw UsageError(tr("לסמן שורה: ozen history star שיחה שורה [--off]", "to star a line: ozen history star CONVERSATION LINE [--off]"))
        }
        let id = try HistoryCommand.conversationID(args.positional[0])
        HistoryCommand.write(try HistoryMarks.star(!args.flag("--off"), conversation: id, line: line, home: home))
    }

    static func name(_ arguments: [String]) throws {
        let args = try ArgumentReader(arguments, options: [], flags: ["--clear"])
        let id = try HistoryCommand.conversationID(args.positional.first)
        let title = args.positional.dropFirst().joined(separator: " ")
        guard args.flag("--clear") || !title.trimmingCharacters(in: .whitespaces).isEmpty else {
            throw UsageError(tr("איזה שם? ozen history name 12 ביקור אצל הרופא", "what name? ozen history name 12 visit to the doctor"))
        }
        HistoryCommand.write(try HistoryMarks.name(conversation: id, args.flag("--clear") ? nil : title, home: OzenHome.fromEnvironment()))
    }

    /// Reports what it would delete; deletes only with --yes.
    static func delete(_ arguments: [String]) throws {
        let args = try ArgumentReader(arguments, options: [], flags: ["--yes"])
        let id = try HistoryCommand.conversationID(args.positional.first)
        HistoryCommand.write(try HistoryMarks.delete(conversation: id, confirmed: args.flag("--yes"), home: OzenHome.fromEnvironment()))
    }
}

import Foundation
import OzenKit
import OzenSessions

/// `ozen history show N [--line L] [--find WORDS]`: reads the arguments and prints `HistoryShow`'s lines.
enum HistoryShowCommand {
    static func run(_ arguments: [String]) throws {
        let args = try ArgumentReader(arguments, options: ["--line", "--find"], flags: [])
        let id = try HistoryCommand.conversationID(args.positional.first)
        var line: Int?
        if let raw = args.value("--line") {
            guard let at = Int(raw) else { throw UsageError(tr("‏--line צריך מספר שורה", "--line needs a line number")) }
            line = at
        }
        for shown in try HistoryShow.lines(of: id, at: line, find: args.value("--find") ?? "", marks: HistoryCommand.marks,
                                           home: OzenHome.fromEnvironment()) {
            HistoryCommand.write(shown)
        }
    }
}

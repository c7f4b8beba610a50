import Foundation
import OzenKit
import OzenSessions

/// `ozen history list|show|search|star|name|export|delete|retention|import`: the saved
/// conversations in $OZEN_HOME/history.sqlite. Each subcommand lives in a History*.swift file.
enum HistoryCommand {
    static let subcommands: [String: @Sendable ([String]) throws -> Void] = [
        "list": HistoryListCommand.run,
        "show": HistoryShowCommand.run,
        "search": HistorySearchCommand.run,
        "star": HistoryMarkCommands.star,
        "name": HistoryMarkCommands.name,
        "delete": HistoryMarkCommands.delete,
        "retention": HistoryRetentionCommand.run,
        "export": HistoryExportCommand.run,
        "import": HistoryImportCommand.run,
    ]

    static func run(_ arguments: [String]) throws {
        guard let name = arguments.first else { return try HistoryListCommand.run([]) }
        guard let command = subcommands[name] else {
            throw UsageError(String(format: tr("אין פקודת history בשם '%@' — אפשר list,‏ show,‏ search,‏ star,‏ name,‏ export,‏ delete,‏ retention או import",
                                               "unknown history command '%@' — use list, show, search, star, name, export, delete, retention or import"), name))
        }
        try command(Array(arguments.dropFirst()))
    }

    /// A conversation number from the command line.
    static func conversationID(_ text: String?) throws -> Int64 {
        guard let text, let id = Int64(text.trimmingCharacters(in: CharacterSet(charactersIn: "#"))), id > 0 else {
            throw UsageError(tr("צריך מספר שיחה — `ozen history list` מראה אותם", "a conversation number is needed — `ozen history list` shows them"))
        }
        return id
    }

    static func write(_ text: String) { FileHandle.standardOutput.write(Data((text + "\n").utf8)) }

    static func write(_ lines: [String]) { for line in lines { write(line) } }

    /// How searched words are marked in this output: inverse video on a terminal, «…» in a file or pipe.
    static var marks: HistoryListing.Marks { isatty(STDOUT_FILENO) != 0 ? .terminal : .plain }
}

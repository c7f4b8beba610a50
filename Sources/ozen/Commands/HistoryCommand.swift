import Foundation
import OzenKit
import OzenSessions
import OzenStore

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
        do {
            try command(Array(arguments.dropFirst()))
        } catch let error as HistoryLookupError {
            Exit.fail(.noInput, error.description)
        } catch let error as HistoryStorageError {
            Exit.fail(.failure, error.description)
        }
    }

    /// The history of $OZEN_HOME, opened for one command.
    static func open() throws -> HistoryStore { try HistoryStore(home: OzenHome.fromEnvironment()) }

    /// A conversation number from the command line.
    static func conversationID(_ text: String?) throws -> Int64 {
        guard let text, let id = Int64(text.trimmingCharacters(in: CharacterSet(charactersIn: "#"))), id > 0 else {
            throw UsageError(tr("צריך מספר שיחה — `ozen history list` מראה אותם", "a conversation number is needed — `ozen history list` shows them"))
        }
        return id
    }

    static func write(_ text: String) { FileHandle.standardOutput.write(Data((text + "\n").utf8)) }

    /// `text` with `ranges` marked: inverse video on a terminal, «…» in a file or pipe.
    static func highlighted(_ text: String, _ ranges: [TextRange]) -> String {
        guard !ranges.isEmpty else { return text }
        let (open, close) = isatty(STDOUT_FILENO) != 0 ? ("\u{1B}[7m", "\u{1B}[0m") : ("«", "»")
        var units = Array(text.utf16)
        for range in ranges.sorted(by: >) where range.end <= units.count {
            units.insert(contentsOf: Array(close.utf16), at: range.end)
            units.insert(contentsOf: Array(open.utf16), at: range.start)
        }
        return String(decoding: units, as: UTF16.self)
    }

    static func minutes(_ seconds: Double) -> String {
        seconds < 60 ? String(format: tr("%ld שנ׳", "%ld s"), Int(seconds)) : String(format: tr("%ld דק׳", "%ld min"), Int((seconds / 60).rounded()))
    }

    static func timeOfDay(_ date: Date) -> String {
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: "en_US_POSIX")
        formatter.dateFormat = "HH:mm"
        return formatter.string(from: date)
    }

    /// One conversation in a list: "#12  10:32  ביקור אצל הרופא · 35 min · 120 lines · ★3".
    static func listingLine(_ c: ConversationListing) -> String {
        var parts = ["#\(c.id)  \(timeOfDay(c.startedAt))  \(c.title ?? String(c.preview.prefix(40)))",
                     minutes(c.seconds), String(format: tr("%ld שורות", "%ld lines"), c.lineCount)]
        if c.starCount > 0 { parts.append("★\(c.starCount)") }
        return parts.joined(separator: " · ")
    }

    static func listingJSON(_ c: ConversationListing, day: HistoryDay) -> [(String, JSONValue)] {
        [("id", .int(Int(c.id))), ("started_at", .string(ISO8601DateFormatter().string(from: c.startedAt))),
         ("day", .string(day.key)), ("day_title", .string(day.title)),
         ("title", c.title.map(JSONValue.string) ?? .null), ("preview", .string(c.preview)),
         ("language", .string(c.language)), ("lines", .int(c.lineCount)), ("stars", .int(c.starCount)),
         ("seconds", .number(c.seconds, decimals: 1))]
    }
}

import Foundation
import OzenKit
import OzenSessions

/// `ozen history export N [--format text|srt|json] [--output FILE]`: reads the arguments and
/// writes `HistoryExport`'s text to stdout or the file.
enum HistoryExportCommand {
    static func run(_ arguments: [String]) throws {
        let args = try ArgumentReader(arguments, options: ["--format", "--output"], flags: [])
        let id = try HistoryCommand.conversationID(args.positional.first)
        let text = try HistoryExport.text(of: id, format: args.value("--format") ?? "text", home: OzenHome.fromEnvironment())
        if let output = args.value("--output") {
            guard FileManager.default.createFile(atPath: output, contents: Data(text.utf8)) else {
                throw UsageError(String(format: tr("אי אפשר לכתוב את %@ — בדקו את התיקייה", "cannot write %@ — check the folder"), output))
            }
        } else {
            FileHandle.standardOutput.write(Data(text.utf8))
        }
    }
}

/// `ozen history import FILE [--name TITLE] [--started ISO-DATE]`: reads the arguments and
/// prints what `HistoryImport` brought in.
enum HistoryImportCommand {
    static func run(_ arguments: [String]) throws {
        let args = try ArgumentReader(arguments, options: ["--name", "--started"], flags: [])
        guard args.positional.count == 1, let path = args.positional.first else {
            throw UsageError(tr("מה לייבא? ozen history import FILE.jsonl", "what should I import? ozen history import FILE.jsonl"))
        }
        HistoryCommand.write(try HistoryImport.run(path, name: args.value("--name"), started: args.value("--started"), home: OzenHome.fromEnvironment()))
    }
}

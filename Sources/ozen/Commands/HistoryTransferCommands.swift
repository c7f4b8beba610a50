import Foundation
import OzenKit
import OzenSessions
import OzenStore

/// `ozen history export N [--format text|srt|json] [--output FILE]`: a conversation to share.
enum HistoryExportCommand {
    static func run(_ arguments: [String]) throws {
        let args = try ArgumentReader(arguments, options: ["--format", "--output"], flags: [])
        let id = try HistoryCommand.conversationID(args.positional.first)
        let raw = args.value("--format") ?? "text"
        guard let format = ConversationExport.Format(rawValue: raw) else {
            throw UsageError(String(format: tr("תבנית לא מוכרת '%@' — אפשר text,‏ srt או json", "unknown format '%@' — use text, srt or json"), raw))
        }
        let text = try HistoryCommand.open().export(id).render(format)
        if let output = args.value("--output") {
            guard FileManager.default.createFile(atPath: output, contents: Data(text.utf8)) else {
                throw UsageError(String(format: tr("אי אפשר לכתוב את %@ — בדקו את התיקייה", "cannot write %@ — check the folder"), output))
            }
        } else {
            FileHandle.standardOutput.write(Data(text.utf8))
        }
    }
}

/// `ozen history import FILE [--name TITLE] [--started ISO-DATE]`: brings in the JSON Lines
/// of `ozen caption --json` (or an export) as a new conversation. It is dated `--started`,
/// else the file's modification time less the transcript's length (when it was recorded).
enum HistoryImportCommand {
    static func run(_ arguments: [String]) throws {
        let args = try ArgumentReader(arguments, options: ["--name", "--started"], flags: [])
        guard args.positional.count == 1, let path = args.positional.first else {
            throw UsageError(tr("מה לייבא? ozen history import FILE.jsonl", "what should I import? ozen history import FILE.jsonl"))
        }
        guard let data = FileManager.default.contents(atPath: path), let text = String(data: data, encoding: .utf8) else {
            Exit.fail(.noInput, String(format: tr("%@: אין קובץ כזה או שאי אפשר לקרוא אותו — בדקו את הנתיב", "%@: no such file, or it cannot be read — check the path"), path))
        }
        let transcript: TranscriptImport.Transcript
        do { transcript = try TranscriptImport.read(text) } catch let error as TranscriptImport.Failure {
            Exit.fail(.badInput, "\(path): \(error)")
        }
        guard !transcript.lines.isEmpty else {
            Exit.fail(.badInput, String(format: tr("%@: אין בקובץ שורות (אירועי line) — זה הפלט של ozen caption --json?", "%@: no lines (line events) in the file — is it what ozen caption --json writes?"), path))
        }
        var started: Date
        if let raw = args.value("--started") {
            guard let date = ISO8601DateFormatter().date(from: raw) ?? ISO8601DateFormatter.dateOnly.date(from: raw) else {
                throw UsageError(String(format: tr("תאריך לא מובן '%@' — למשל 2025-03-12T10:30:00Z", "cannot read the date '%@' — for example 2025-03-12T10:30:00Z"), raw))
            }
            started = date
        } else {
            let modified = (try? FileManager.default.attributesOfItem(atPath: path)[.modificationDate] as? Date) ?? Date()
            started = modified.addingTimeInterval(-(transcript.lines.map(\.end).max() ?? 0))
        }
        let store = try HistoryCommand.open()
        let id = try store.importTranscript(transcript, startedAt: started, title: args.value("--name"), source: "import")
        HistoryCommand.write(String(format: tr("יובאו %ld שורות כשיחה %lld — ozen history show %lld", "imported %ld lines as conversation %lld — ozen history show %lld"),
                                    transcript.lines.count, id, id))
    }
}

extension ISO8601DateFormatter {
    /// "2025-03-12": a day, at midnight UTC.
    static var dateOnly: ISO8601DateFormatter {
        let formatter = ISO8601DateFormatter()
        formatter.formatOptions = [.withFullDate]
        return formatter
    }
}

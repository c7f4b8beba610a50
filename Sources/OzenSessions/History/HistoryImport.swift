import Foundation
import OzenKit
import OzenStore

/// `ozen history import FILE [--name TITLE] [--started ISO-DATE]`: brings in the JSON Lines
/// of `ozen caption --json` (or an export) as a new conversation. It is dated `--started`,
/// else the file's modification time less the transcript's length (when it was recorded).
public enum HistoryImport {
    /// A file that cannot be brought in, and what to do.
    public enum Problem: Error, CustomStringConvertible {
        /// No such file, or it cannot be read.
        case unreadable(path: String)
        /// A line that is not an event.
        case notATranscript(path: String, detail: String)
        /// Events, but no locked line among them.
        case noLines(path: String)

        public var description: String {
            switch self {
            case .unreadable(let path):
                return String(format: tr("%@: אין קובץ כזה או שאי אפשר לקרוא אותו — בדקו את הנתיב", "%@: no such file, or it cannot be read — check the path"), path)
            case .notATranscript(let path, let detail):
                return "\(path): \(detail)"
            case .noLines(let path):
                return String(format: tr("%@: אין בקובץ שורות (אירועי line) — זה הפלט של ozen caption --json?", "%@: no lines (line events) in the file — is it what ozen caption --json writes?"), path)
            }
        }
    }

    /// Imports `path` into `home`'s history, titled `name`, dated `started` (ISO 8601, a day or
    /// a moment) when given; the line to print.
    public static func run(_ path: String, name: String?, started raw: String?, home: OzenHome) throws -> String {
        guard let data = FileManager.default.contents(atPath: path), let text = String(data: data, encoding: .utf8) else {
            throw Problem.unreadable(path: path)
        }
        let transcript: TranscriptImport.Transcript
        do { transcript = try TranscriptImport.read(text) } catch let error as TranscriptImport.Failure {
            throw Problem.notATranscript(path: path, detail: "\(error)")
        }
        guard !transcript.lines.isEmpty else { throw Problem.noLines(path: path) }
        let started: Date
        if let raw {
            let dayOnly = ISO8601DateFormatter()
            dayOnly.formatOptions = [.withFullDate]
            guard let date = ISO8601DateFormatter().date(from: raw) ?? dayOnly.date(from: raw) else {
                throw UsageError(String(format: tr("תאריך לא מובן '%@' — למשל 2025-03-12T10:30:00Z", "cannot read the date '%@' — for example 2025-03-12T10:30:00Z"), raw))
            }
            started = date
        } else {
            let modified = (try? FileManager.default.attributesOfItem(atPath: path)[.modificationDate] as? Date) ?? Date()
            started = modified.addingTimeInterval(-(transcript.lines.map(\.end).max() ?? 0))
        }
        let id = try HistoryStore(home: home).importTranscript(transcript, startedAt: started, title: name, source: "import")
        return String(format: tr("יובאו %ld שורות כשיחה %lld — ozen history show %lld", "imported %ld lines as conversation %lld — ozen history show %lld"),
                      transcript.lines.count, id, id)
    }
}

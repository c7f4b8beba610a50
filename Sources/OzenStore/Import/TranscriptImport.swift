import Foundation
import OzenKit

/// Reads the JSON Lines that `ozen caption --json` writes (and `ozen history export --format
/// json` writes back) into caption lines: `line` events are kept, `partial`, `status`,
/// `alert` and any other type are passed over, as are blank lines. A `starred: true` field
/// (from an export) comes back as a star.
public enum TranscriptImport {
    /// What a file held.
    public struct Transcript: Sendable, Equatable {
        public var lines: [CaptionLine]
        /// Ids of the lines that were starred.
        public var starred: Set<Int>
        public var title: String?
    }

    /// A line of the file that is not a JSON object, with its number.
    public struct Failure: Error, CustomStringConvertible, Equatable {
        public var line: Int
        public var description: String {
            String(format: tr("שורה %ld אינה JSON של אירוע כתוביות — הקובץ צריך להיות הפלט של ozen caption --json",
                              "line %ld is not a caption event in JSON — the file should be what ozen caption --json writes"), line)
        }
    }

    public static func read(_ text: String, defaultLanguage: String = "he") throws -> Transcript {
        var lines: [CaptionLine] = []
        var starred = Set<Int>()
        var title: String?
        for (index, raw) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
            let trimmed = raw.trimmingCharacters(in: .whitespacesAndNewlines)
            if trimmed.isEmpty { continue }
            guard let object = (try? JSONSerialization.jsonObject(with: Data(trimmed.utf8))) as? [String: Any] else {
                throw Failure(line: index + 1)
            }
            let type = object["type"] as? String
            if type == "conversation" { title = object["title"] as? String; continue }
            guard type == "line", let text = object["text"] as? String else { continue }
            let id = (object["id"] as? NSNumber)?.intValue ?? lines.count + 1
            let start = (object["start"] as? NSNumber)?.doubleValue ?? 0
            let line = CaptionLine(id: id, text: text, start: start,
                                   end: (object["end"] as? NSNumber)?.doubleValue ?? start,
                                   final: true, speaker: object["speaker"] as? String,
                                   confidence: (object["confidence"] as? NSNumber)?.doubleValue,
                                   uncertain: (object["uncertain"] as? Bool) ?? false,
                                   language: object["language"] as? String ?? defaultLanguage)
            if (object["starred"] as? Bool) == true { starred.insert(id) }
            lines.append(line)
        }
        return Transcript(lines: lines, starred: starred, title: title)
    }
}

extension HistoryStore {
    /// Saves a transcript as a new conversation that started at `startedAt`; returns its id.
    public func importTranscript(_ transcript: TranscriptImport.Transcript, startedAt: Date, title: String? = nil,
                                 source: String = "import") throws -> Int64 {
        let language = transcript.lines.first?.language ?? "he"
        let id = try startConversation(at: startedAt, language: language, source: source, title: title ?? transcript.title)
        do {
            try append(transcript.lines, to: id, savedAt: startedAt.addingTimeInterval(transcript.lines.last?.end ?? 0),
                       starred: transcript.starred)
        } catch {
            try? delete(conversations: [id])   // no empty conversation left behind
            throw error
        }
        return id
    }
}

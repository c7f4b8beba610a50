import Foundation
import OzenKit
import OzenStore

/// How `ozen history` shows a saved conversation in a list or among search results:
/// "#12  10:32  ביקור אצל הרופא · 35 min · 120 lines · ★3", or the same as JSON fields.
public enum HistoryListing {
    /// What marks the searched words: inverse video on a terminal, «…» in a file or pipe.
    public struct Marks: Sendable {
        public var open: String
        public var close: String
        public static let terminal = Marks(open: "\u{1B}[7m", close: "\u{1B}[0m")
        public static let plain = Marks(open: "«", close: "»")
    }

    /// One conversation in a list.
    public static func line(_ c: ConversationListing) -> String {
        var parts = ["#\(c.id)  \(timeOfDay(c.startedAt))  \(c.title ?? String(c.preview.prefix(40)))",
                     minutes(c.seconds), String(format: tr("%ld שורות", "%ld lines"), c.lineCount)]
        if c.starCount > 0 { parts.append("★\(c.starCount)") }
        return parts.joined(separator: " · ")
    }

    static func json(_ c: ConversationListing, day: HistoryDay) -> [(String, JSONValue)] {
        [("id", .int(Int(c.id))), ("started_at", .string(ISO8601DateFormatter().string(from: c.startedAt))),
         ("day", .string(day.key)), ("day_title", .string(day.title)),
         ("title", c.title.map(JSONValue.string) ?? .null), ("preview", .string(c.preview)),
         ("language", .string(c.language)), ("lines", .int(c.lineCount)), ("stars", .int(c.starCount)),
         ("seconds", .number(c.seconds, decimals: 1))]
    }

    /// `text` with `ranges` marked.
    static func highlighted(_ text: String, _ ranges: [TextRange], marks: Marks) -> String {
        guard !ranges.isEmpty else { return text }
        var units = Array(text.utf16)
        for range in ranges.sorted(by: >) where range.end <= units.count {
            units.insert(contentsOf: Array(marks.close.utf16), at: range.end)
            units.insert(contentsOf: Array(marks.open.utf16), at: range.start)
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
}

import Foundation
import OzenKit

/// A conversation ready to share, in the three forms the issue names: plain text to read or
/// send, SRT subtitles for a video player, and JSON Lines that `ozen history import` reads back.
public struct ConversationExport: Sendable {
    public enum Format: String, Sendable, CaseIterable {
        case text, srt, json
    }

    /// A conversation longer than this many lines opens its plain text with the lines that
    /// hold numbers: past about a screenful, the time of the appointment or the dose would
    /// otherwise be lost in the middle.
    public static let longConversationLines = 30

    public var conversation: ConversationListing
    public var summary: ConversationSummary
    public var lines: [SavedLine]

    public init(conversation: ConversationListing, summary: ConversationSummary, lines: [SavedLine]) {
        self.conversation = conversation
        self.summary = summary
        self.lines = lines
    }

    public func render(_ format: Format) -> String {
        switch format {
        case .text: return plainText
        case .srt: return srt
        case .json: return json
        }
    }

    /// Readable text: a heading, the numbers first when the conversation is long, then each
    /// line with its time and speaker; ★ marks a starred line and an uncertain one says so.
    public var plainText: String {
        var out = (conversation.title ?? tr("שיחה", "Conversation")) + " — " + Self.dateText(conversation.startedAt) + "\n"
        if lines.count > Self.longConversationLines, !summary.numberLines.isEmpty {
            out += "\n" + tr("מספרים שנאמרו:", "Numbers said:") + "\n"
            for number in summary.numberLines { out += "  [\(Self.clock(number.start))] \(number.text)\n" }
            out += "\n" + tr("השיחה:", "The conversation:") + "\n"
        }
        out += "\n"
        for line in lines {
            var text = "[\(Self.clock(line.start))] "
            if line.starred { text += "★ " }
            if let source = line.source { text += "(\(source.shown)) " }
            if let speaker = line.speaker { text += "\(speaker): " }
            text += line.shownText
            if line.uncertain { text += " " + tr("(ייתכן שלא נשמע נכון)", "(may not have been heard correctly)") }
            out += text + "\n"
            if let english = line.english { out += "        \(english)\n" }
        }
        return out
    }

    /// SubRip: numbered cues, `HH:MM:SS,mmm --> HH:MM:SS,mmm`, a blank line after each.
    public var srt: String {
        var out = ""
        for (index, line) in lines.enumerated() {
            let end = max(line.end, line.start + 0.001)
            var text = line.speaker.map { "\($0): " } ?? ""
            text += line.shownText
            if line.uncertain { text += " (?)" }
            if let english = line.english { text = english + "\n" + text }
            out += "\(index + 1)\n\(Self.srtTime(line.start)) --> \(Self.srtTime(end))\n\(text)\n\n"
        }
        return out
    }

    /// JSON Lines: a `conversation` line, then one `line` event per line (the fields
    /// `ozen caption --json` writes) with `starred` and `correction` added, and `english` where the
    /// interpreter translated the line.
    public var json: String {
        var out = JSONValue.object([
            ("type", .string("conversation")), ("id", .int(Int(conversation.id))),
            ("title", conversation.title.map(JSONValue.string) ?? .null),
            ("started_at", .string(ISO8601DateFormatter().string(from: conversation.startedAt))),
            ("lines", .int(lines.count)), ("seconds", .number(summary.seconds, decimals: 3)),
        ]).serialized() + "\n"
        for line in lines {
            var caption = CaptionLine(id: line.number, text: line.shownText, start: line.start, end: line.end, final: true,
                                      speaker: line.speaker, confidence: line.confidence, uncertain: line.uncertain,
                                      language: line.language)
            caption.source = line.source
            guard case .object(var fields) = CaptionEvent.line(caption, at: line.end).json else { continue }
            fields.append(("starred", .bool(line.starred)))
            fields.append(("correction", line.correction.map(JSONValue.string) ?? .null))
            if let english = line.english { fields.append(("english", .string(english))) }
            out += JSONValue.object(fields).serialized() + "\n"
        }
        return out
    }

    /// `HH:MM:SS,mmm`, SRT's time format.
    public static func srtTime(_ seconds: Double) -> String {
        let ms = Int((max(0, seconds) * 1000).rounded())
        return String(format: "%02d:%02d:%02d,%03d", ms / 3_600_000, ms / 60_000 % 60, ms / 1000 % 60, ms % 1000)
    }

    /// `M:SS`, or `H:MM:SS` past an hour: a time within the conversation.
    public static func clock(_ seconds: Double) -> String {
        let s = Int(max(0, seconds))
        return s >= 3600 ? String(format: "%d:%02d:%02d", s / 3600, s / 60 % 60, s % 60) : String(format: "%d:%02d", s / 60, s % 60)
    }

    static func dateText(_ date: Date) -> String {
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: "en_US_POSIX")
        formatter.dateFormat = "d.M.yyyy HH:mm"
        return formatter.string(from: date)
    }
}

extension HistoryStore {
    /// A conversation with its summary and all its lines, ready to render.
    public func export(_ id: Int64) throws -> ConversationExport {
        ConversationExport(conversation: try conversation(id), summary: try summary(of: id), lines: try lines(of: id))
    }
}

import Foundation

/// One thing the caption pipeline tells its front ends: a line of captions, or a change of status.
///
/// `--json` writes one event per line (JSON Lines). The field names are a contract with
/// every front end and the README documents them: later work adds fields, never renames.
public enum CaptionEvent: Sendable, Equatable {
    /// Words of an utterance still being spoken; may change with the next pass.
    case partial(CaptionLine, at: Double)
    /// A finished line: its words will not change again.
    case line(CaptionLine, at: Double)
    case status(CaptionStatus, at: Double)
    /// A keyword (her name, a word on her list) was said and has settled.
    case alert(KeywordAlertEvent)
    /// Talking resumed after five minutes or more of silence; `resumedAt` is the clock time.
    case gap(silence: Double, resumedAt: Date, at: Double)
    /// A recent line turned out to be someone else's: line `lineID` is now `speaker`'s.
    case speaker(lineID: Int, speaker: String, at: Double)
    /// A sound she should know about (a doorbell, a smoke alarm) was heard.
    case sound(SoundAlertEvent)
    /// The interpreter: a closed sentence of the source language and its English.
    case translation(SentenceTranslation, at: Double)
    /// The interpreter's second pass heard sentence `id` again: `revised` when it changed the
    /// words (they replace the first ones in place), `checked` when it agreed.
    case reviewed(SentenceRevision, at: Double)
    /// A locked line heard again with Whisper's full window came out different: line
    /// `correction.line.id` now says `correction.line.text` (`LineCorrector`).
    case corrected(LineCorrection, at: Double)

    /// Seconds of audio fed into the pipeline when the event was emitted.
    public var at: Double {
        switch self {
        case .partial(_, let at), .line(_, let at), .status(_, let at): return at
        case .alert(let alert): return alert.at
        case .sound(let sound): return sound.at
        case .gap(_, _, let at), .speaker(_, _, let at): return at
        case .translation(_, let at), .reviewed(_, let at), .corrected(_, let at): return at
        }
    }

    public var json: JSONValue {
        switch self {
        case .partial(let line, let at): return .object(Self.head("partial", at) + line.jsonFields)
        case .line(let line, let at): return .object(Self.head("line", at) + line.jsonFields)
        case .status(let status, let at): return .object(Self.head("status", at) + status.jsonFields)
        case .alert(let alert): return alert.json
        case .sound(let sound): return sound.json
        case .gap(let silence, let resumedAt, let at):
            return .object(Self.head("gap", at) + [("silence_seconds", .number(silence, decimals: 1)),
                                                   ("resumed_at", .string(Self.clockTime(resumedAt)))])
        case .speaker(let lineID, let speaker, let at):
            return .object(Self.head("speaker", at) + [("id", .int(lineID)), ("speaker", .string(speaker))])
        case .translation(let sentence, let at): return .object(Self.head("translation", at) + sentence.jsonFields)
        case .reviewed(let revision, let at):
            return .object(Self.head(revision.changed ? "revised" : "checked", at) + revision.jsonFields)
        case .corrected(let correction, let at): return .object(Self.head("corrected", at) + correction.jsonFields)
        }
    }

    /// Local wall-clock time, ISO 8601 with offset ("2026-11-30T14:32:05+02:00").
    public static func clockTime(_ date: Date) -> String {
        let formatter = ISO8601DateFormatter()
        formatter.timeZone = .current
        formatter.formatOptions = [.withInternetDateTime]
        return formatter.string(from: date)
    }

    private static func head(_ type: String, _ at: Double) -> [(String, JSONValue)] {
        [("type", .string(type)), ("at", .number(at, decimals: 3))]
    }
}

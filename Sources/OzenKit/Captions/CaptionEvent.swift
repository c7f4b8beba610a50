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

    /// Seconds of audio fed into the pipeline when the event was emitted.
    public var at: Double {
        switch self {
        case .partial(_, let at), .line(_, let at), .status(_, let at): return at
        case .alert(let alert): return alert.at
        }
    }

    public var json: JSONValue {
        switch self {
        case .partial(let line, let at): return .object(Self.head("partial", at) + line.jsonFields)
        case .line(let line, let at): return .object(Self.head("line", at) + line.jsonFields)
        case .status(let status, let at): return .object(Self.head("status", at) + status.jsonFields)
        case .alert(let alert): return alert.json
        }
    }

    private static func head(_ type: String, _ at: Double) -> [(String, JSONValue)] {
        [("type", .string(type)), ("at", .number(at, decimals: 3))]
    }
}

/// What the server sends a home-protocol client, as JSON text frames.
public enum HomeMessage: Sendable, Equatable {
    case ready(model: String)
    case error(code: ErrorCode, detail: String)
    /// How the server is doing for this stream: "overloaded" (finals are waiting long, lines
    /// come late), "ok" (it passed), "too_fast" (audio comes faster than it is spoken; the
    /// server now reads it only as fast as it captions it).
    case status(state: String, detail: String)
    /// A report was saved under this file name (in `$OZEN_HOME/reports/`).
    case reportSaved(name: String)

    public enum ErrorCode: String, Sendable { case unauthorized, badRequest = "bad_request", busy }

    public var json: JSONValue {
        switch self {
        case .ready(let model):
            return .object([("type", .string("ready")), ("model", .string(model)), ("version", .int(1))])
        case .error(let code, let detail):
            return .object([("type", .string("error")), ("code", .string(code.rawValue)), ("detail", .string(detail))])
        case .status(let state, let detail):
            return .object([("type", .string("status")), ("state", .string(state)), ("detail", .string(detail))])
        case .reportSaved(let name):
            return .object([("type", .string("report_saved")), ("name", .string(name))])
        }
    }
}

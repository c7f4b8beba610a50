/// What the server sends a home-protocol client, as JSON text frames.
public enum HomeMessage: Sendable, Equatable {
    case ready(model: String)
    case error(code: ErrorCode, detail: String)

    public enum ErrorCode: String, Sendable { case unauthorized, badRequest = "bad_request" }

    public var json: JSONValue {
        switch self {
        case .ready(let model):
            return .object([("type", .string("ready")), ("model", .string(model)), ("version", .int(1))])
        case .error(let code, let detail):
            return .object([("type", .string("error")), ("code", .string(code.rawValue)), ("detail", .string(detail))])
        }
    }
}

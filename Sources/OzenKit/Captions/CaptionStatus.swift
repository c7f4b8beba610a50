/// What the pipeline is doing, shared by every front end.
public enum CaptionStatus: Sendable, Equatable {
    case loadingModel(name: String)
    case listening
    case finished(lines: Int, audioSeconds: Double)
    case failed(reason: String, action: String)

    public var state: String {
        switch self {
        case .loadingModel: return "loading"
        case .listening: return "listening"
        case .finished: return "finished"
        case .failed: return "failed"
        }
    }

    var jsonFields: [(String, JSONValue)] {
        var fields: [(String, JSONValue)] = [("state", .string(state))]
        switch self {
        case .loadingModel(let name): fields.append(("model", .string(name)))
        case .listening: break
        case .finished(let lines, let seconds):
            fields += [("lines", .int(lines)), ("audio_seconds", .number(seconds, decimals: 3))]
        case .failed(let reason, let action):
            fields += [("reason", .string(reason)), ("action", .string(action))]
        }
        return fields
    }
}

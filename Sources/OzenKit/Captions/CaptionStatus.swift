/// What the pipeline is doing, shared by every front end.
public enum CaptionStatus: Sendable, Equatable {
    case loadingModel(name: String)
    case listening
    case finished(lines: Int, audioSeconds: Double)
    case failed(reason: String, action: String)
    /// A microphone is being opened (first time, or again after a problem); `computerSound`:
    /// it is what the computer plays (an output's monitor), said as such.
    case openingMicrophone(device: String, computerSound: Bool = false)
    /// A model is being downloaded or converted; `secondsLeft` is nil until it can be estimated.
    case preparingModel(name: String, percent: Double, secondsLeft: Double?)
    /// She paused the captions; audio is not listened to until she resumes.
    case paused
    /// Something stopped working and is tried again in `seconds` (InputProblem, RetrySchedule).
    case retrying(reason: String, seconds: Double)
    /// Something optional stopped or started working again and the captions go on: the
    /// interpreter's LLM or second pass did not answer, so the first version stands.
    case note(String)

    public var state: String {
        switch self {
        case .loadingModel: return "loading"
        case .listening: return "listening"
        case .finished: return "finished"
        case .failed: return "failed"
        case .openingMicrophone: return "opening_microphone"
        case .preparingModel: return "preparing_model"
        case .paused: return "paused"
        case .retrying: return "retrying"
        case .note: return "note"
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
        case .openingMicrophone(let device, let computerSound):
            fields.append(("device", .string(device)))
            if computerSound { fields.append(("source", .string("computer"))) }
        case .preparingModel(let name, let percent, let secondsLeft):
            fields += [("model", .string(name)), ("percent", .number(percent, decimals: 1))]
            if let secondsLeft { fields.append(("seconds_left", .int(Int(secondsLeft.rounded())))) }
        case .paused: break
        case .retrying(let reason, let seconds):
            fields += [("reason", .string(reason)), ("retry_in_seconds", .number(seconds, decimals: 1))]
        case .note(let text): fields.append(("text", .string(text)))
        }
        return fields
    }
}

/// What kind of failure an error is, so a command ends with the exit status that says it (the
/// BSD sysexits `ozen` uses) without the executable knowing every library's error types: the
/// command line was wrong, the input is damaged, the input is not there, the machine's setup
/// (a model, a speaker, a voice) is missing, or something else failed.
public enum FailureKind: Sendable, Equatable {
    case usage, badInput, noInput, setup, failure
}

/// An error that knows its `FailureKind`.
public protocol HasFailureKind: Error {
    var failureKind: FailureKind { get }
}

extension SpeechStoreError: HasFailureKind {
    public var failureKind: FailureKind {
        switch self {
        case .noSuchPhrase, .emptySentence: return .usage
        case .nothingSaidYet: return .noInput
        case .unreadable: return .badInput
        case .notWritable: return .failure
        }
    }
}

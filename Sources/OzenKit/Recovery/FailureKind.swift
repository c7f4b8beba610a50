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

/// A recording that is not there is missing input; one that is there but is not audio is bad input.
extension AudioFileError: HasFailureKind {
    public var failureKind: FailureKind {
        switch self {
        case .missing, .isDirectory, .unreadable: return .noInput
        default: return .badInput
        }
    }
}

/// A model missing or damaged, or one this machine cannot run, is the machine's setup.
extension ModelError: HasFailureKind {
    public var failureKind: FailureKind { .setup }
}

/// A setting with a value outside its rule is the command line's (its environment's) mistake.
extension KnobError: HasFailureKind {
    public var failureKind: FailureKind { .usage }
}

/// A recording that cannot be taught, or a list of taught sounds that cannot be read.
extension TaughtSoundsError: HasFailureKind {
    public var failureKind: FailureKind { .badInput }
}

/// A microphone or output that is not there.
extension InputProblem: HasFailureKind {
    public var failureKind: FailureKind { .noInput }
}

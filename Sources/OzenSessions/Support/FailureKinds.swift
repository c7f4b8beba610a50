import OzenKit

/// The kinds of failure of the sessions' own errors (`HasFailureKind`), which set the exit
/// status a command ends with.
extension UsageError: HasFailureKind {
    public var failureKind: FailureKind { .usage }
}

/// A microphone that could not start, or gave up: her fix, never retried.
extension MicrophoneProblem: HasFailureKind {
    public var failureKind: FailureKind { .noInput }
}

extension NotEnrolled: HasFailureKind {
    public var failureKind: FailureKind { .noInput }
}

extension TooLittleSpeech: HasFailureKind {
    public var failureKind: FailureKind { .badInput }
}

/// A file that cannot be read is missing input; one that is not a transcript is bad input.
extension HistoryImport.Problem: HasFailureKind {
    public var failureKind: FailureKind {
        if case .unreadable = self { return .noInput }
        return .badInput
    }
}

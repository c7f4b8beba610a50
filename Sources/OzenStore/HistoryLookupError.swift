import OzenKit

/// A conversation or line asked for by number that the history does not hold.
public enum HistoryLookupError: Error, CustomStringConvertible, Equatable {
    case noConversation(Int64)
    case noLine(conversation: Int64, line: Int)

    public var description: String {
        switch self {
        case .noConversation(let id):
            return String(format: tr("אין שיחה מספר %lld — `ozen history list` מראה את השיחות",
                                     "no conversation #%lld — `ozen history list` shows them"), id)
        case .noLine(let id, let line):
            return String(format: tr("בשיחה %lld אין שורה %ld — `ozen history show %lld` מראה אותה",
                                     "conversation %lld has no line %ld — `ozen history show %lld` shows it"), id, line, id)
        }
    }
}

/// A conversation or line that is not there.
extension HistoryLookupError: HasFailureKind {
    public var failureKind: FailureKind { .noInput }
}

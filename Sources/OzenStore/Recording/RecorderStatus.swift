import OzenKit

/// What the recorder tells the caption front end about saving: nothing while all is well,
/// a failure once when saving stops working (lines then wait in memory), and a recovery
/// once the waiting lines are written.
public enum RecorderStatus: Sendable, Equatable {
    case failed(HistoryStorageError, waitingLines: Int)
    case recovered(savedLines: Int)

    /// The same news as a caption status event, for `--json` and the display. A recovery
    /// is `.listening` again: captions never stopped, only saving did.
    public var captionStatus: CaptionStatus {
        switch self {
        case .failed(let error, _): return .failed(reason: error.reason, action: error.action)
        case .recovered: return .listening
        }
    }

    /// One line for a person.
    public var message: String {
        switch self {
        case .failed(let error, let waiting):
            return String(format: tr("השמירה נעצרה: %@ — %@ (%ld שורות מחכות)", "saving stopped: %@ — %@ (%ld lines waiting)"),
                          error.reason, error.action, waiting)
        case .recovered(let saved):
            return String(format: tr("השמירה חזרה לעבוד; %ld שורות נשמרו", "saving works again; %ld lines saved"), saved)
        }
    }
}

import Foundation

/// What a download does with a server's answer, given what it already has on disk: the rules
/// that make a cut download continue, and never glue pieces of two different files together.
public enum ResumeDecision: Sendable, Equatable {
    /// Write the body after the bytes on disk; the whole file is `total` bytes.
    case append(total: Int64?)
    /// Throw away what is on disk and write the body from the start, saying why.
    case startOver(total: Int64?, reason: StartOverReason)
    /// The file on disk is already whole.
    case complete
    /// Worth asking again after a pause (the server is busy or failing for now).
    case retry(reason: String)
    /// Asking again will not help.
    case fail(DownloadFailure)

    public enum StartOverReason: Sendable, Equatable {
        /// The server answered a range request with the whole file: it does not resume.
        case serverDoesNotResume
        /// The server's file is not the one the piece on disk came from.
        case fileChanged
        /// The server sent a piece other than the one asked for.
        case wrongPiece
    }

    public static func decide(_ answer: ServerAnswer, have: Int64, record: PartialDownload, url: String) -> ResumeDecision {
        let expected = record.size
        func sizeProblem(_ total: Int64?) -> ResumeDecision? {
            guard let total, let expected, total != expected else { return nil }
            return .fail(.differentFile(url: url, serverSize: total, expectedSize: expected))
        }
        switch answer.status {
        case 206:
            guard let range = answer.range else { return .retry(reason: tr("תשובה 206 בלי Content-Range", "a 206 answer without Content-Range")) }
            if let problem = sizeProblem(range.total) { return problem }
            if let old = record.etag, let new = answer.etag, old != new { return .startOver(total: range.total ?? expected, reason: .fileChanged) }
            guard range.start == have else { return .startOver(total: range.total ?? expected, reason: .wrongPiece) }
            return .append(total: range.total ?? expected)
        case 200:
            let total = answer.contentLength
            if let problem = sizeProblem(total) { return problem }
            guard have > 0 else { return .append(total: total ?? expected) }
            let changed = (record.etag != nil && answer.etag != nil && record.etag != answer.etag)
                || (record.etag == nil && record.lastModified != nil && answer.lastModified != nil && record.lastModified != answer.lastModified)
            return .startOver(total: total ?? expected, reason: changed ? .fileChanged : .serverDoesNotResume)
        case 416:
            if let total = answer.unsatisfiedTotal, total == have, expected == nil || expected == total { return .complete }
            return .startOver(total: answer.unsatisfiedTotal ?? expected, reason: .wrongPiece)
        case 404, 410:
            return .fail(.notFound(url: url))
        case 401, 403:
            return .fail(.refused(url: url, status: answer.status))
        case 408, 425, 429, 500...599:
            return .retry(reason: tr("השרת ענה \(answer.status)", "the server answered \(answer.status)"))
        default:
            return .fail(.refused(url: url, status: answer.status))
        }
    }
}

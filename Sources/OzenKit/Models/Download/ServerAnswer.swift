import Foundation

/// The parts of an HTTP response's head that decide what to do with the bytes that follow.
public struct ServerAnswer: Sendable, Equatable {
    public var status: Int
    /// `Content-Range: bytes START-END/TOTAL` (TOTAL nil when the server wrote `*`).
    public var range: (start: Int64, end: Int64, total: Int64?)?
    /// `Content-Range: bytes */TOTAL`, as a 416 carries it.
    public var unsatisfiedTotal: Int64?
    public var contentLength: Int64?
    public var etag: String?
    public var lastModified: String?

    public init(status: Int, headers: [String: String]) {
        self.status = status
        var lower = [String: String]()
        for (k, v) in headers { lower[k.lowercased()] = v.trimmingCharacters(in: .whitespaces) }
        contentLength = lower["content-length"].flatMap { Int64($0) }
        etag = lower["etag"]
        lastModified = lower["last-modified"]
        if let value = lower["content-range"], value.lowercased().hasPrefix("bytes ") {
            let spec = value.dropFirst(6)
            let parts = spec.split(separator: "/", maxSplits: 1).map(String.init)
            if parts.count == 2 {
                let total = Int64(parts[1])
                if parts[0] == "*" { unsatisfiedTotal = total }
                else {
                    let bounds = parts[0].split(separator: "-").compactMap { Int64($0) }
                    if bounds.count == 2 { range = (bounds[0], bounds[1], total) }
                }
            }
        }
    }

    public static func == (a: ServerAnswer, b: ServerAnswer) -> Bool {
        a.status == b.status && a.range?.start == b.range?.start && a.range?.end == b.range?.end && a.range?.total == b.range?.total
            && a.unsatisfiedTotal == b.unsatisfiedTotal && a.contentLength == b.contentLength && a.etag == b.etag && a.lastModified == b.lastModified
    }
}

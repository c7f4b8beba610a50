import Foundation

/// What is known about a download that has not finished, kept as `download.json` beside its
/// `.part` file so that a later `ozen models install` (after a cut network, a full disk or a
/// killed process) continues where it stopped, and only if the server still has the same file.
public struct PartialDownload: Codable, Sendable, Equatable {
    public var url: String
    /// The file's full size, once the catalogue or the server has said it.
    public var size: Int64?
    public var etag: String?
    public var lastModified: String?

    public init(url: String, size: Int64? = nil, etag: String? = nil, lastModified: String? = nil) {
        self.url = url; self.size = size; self.etag = etag; self.lastModified = lastModified
    }

    /// The headers that ask for the rest of the file after the `have` bytes already on disk.
    /// `If-Range` makes a server whose file changed send the whole new file instead of a
    /// piece of it.
    public func resumeHeaders(have: Int64) -> [String: String] {
        guard have > 0 else { return [:] }
        var headers = ["Range": "bytes=\(have)-"]
        if let validator = etag.flatMap({ $0.hasPrefix("W/") ? nil : $0 }) ?? lastModified { headers["If-Range"] = validator }
        return headers
    }
}

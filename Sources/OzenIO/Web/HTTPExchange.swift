/// An HTTP request as the routes of `WebServer` see it, and the answer they give.
public struct HTTPRequest: Sendable {
    public var method: String
    /// The path, URL-decoded, without the query ("/api/search").
    public var path: String
    /// Query parameters, URL-decoded.
    public var query: [String: String]
    /// Header names in lower case.
    public var headers: [String: String]
    public var remoteAddress: String
    /// The request's body (a POST's upload), read whole before the route runs.
    public var body: [UInt8]

    public init(method: String, path: String, query: [String: String] = [:], headers: [String: String] = [:],
                remoteAddress: String = "127.0.0.1", body: [UInt8] = []) {
        self.method = method
        self.path = path
        self.query = query
        self.headers = headers
        self.remoteAddress = remoteAddress
        self.body = body
    }

    /// The token given as `Authorization: Bearer …` or, for links, `?token=…`.
    public var bearerToken: String? {
        if let header = headers["authorization"], header.lowercased().hasPrefix("bearer ") {
            return String(header.dropFirst(7)).trimmingCharacters(in: .whitespaces)
        }
        return query["token"]
    }
}

public struct HTTPResponse: Sendable {
    public var status: Int
    public var contentType: String
    public var body: [UInt8]

    public init(status: Int = 200, contentType: String = "application/json; charset=utf-8", body: [UInt8]) {
        self.status = status
        self.contentType = contentType
        self.body = body
    }

    public static func json(_ text: String, status: Int = 200) -> HTTPResponse {
        HTTPResponse(status: status, body: Array(text.utf8))
    }

    static func reason(_ status: Int) -> String {
        switch status {
        case 200: return "OK"
        case 400: return "Bad Request"
        case 401: return "Unauthorized"
        case 403: return "Forbidden"
        case 404: return "Not Found"
        case 405: return "Method Not Allowed"
        case 409: return "Conflict"
        case 411: return "Length Required"
        case 413: return "Content Too Large"
        case 415: return "Unsupported Media Type"
        case 429: return "Too Many Requests"
        case 500: return "Internal Server Error"
        case 503: return "Service Unavailable"
        default: return "Status"
        }
    }
}

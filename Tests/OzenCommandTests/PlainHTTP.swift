import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// A blocking HTTP/1.1 GET (one request, then the connection closes) over a plain socket, for the tests that talk to `ozen serve` and to
/// the browser's DevTools endpoint on 127.0.0.1. (URLSession on Linux fails on Chromium's
/// DevTools answers with "Failed writing header"; a socket has no such opinions.)
enum PlainHTTP {
    struct Response {
        var status: Int
        var headers: [String: String]
        var body: Data
        var contentType: String? { headers["content-type"] }
        var text: String { String(decoding: body, as: UTF8.self) }
    }

    /// GET http://127.0.0.1:PORT/PATH (an IPv4 address and a port are all it understands).
    static func get(_ url: String, headers: [String: String] = [:], timeout: Double = 10) throws -> Response {
        try send("GET", url, headers: headers, body: nil, timeout: timeout)
    }

    /// POST `body` as it is (with its Content-Length), for uploads the product's own client would never send.
    static func post(_ url: String, headers: [String: String] = [:], body: [UInt8], timeout: Double = 60) throws -> Response {
        try send("POST", url, headers: headers, body: body, timeout: timeout)
    }

    static func send(_ method: String, _ url: String, headers: [String: String], body: [UInt8]?, timeout: Double) throws -> Response {
        guard let address = URL(string: url), let host = address.host, let port = address.port else {
            throw PlainHTTPError.badAddress(url)
        }
        let path = address.path.isEmpty ? "/" : address.path + (address.query.map { "?\($0)" } ?? "")
        let fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        guard fd >= 0 else { throw PlainHTTPError.noAnswer(url) }
        defer { Glibc.close(fd) }
        var wait = timeval(tv_sec: Int(timeout), tv_usec: Int((timeout - timeout.rounded(.down)) * 1_000_000))
        setsockopt(fd, SOL_SOCKET, SO_RCVTIMEO, &wait, socklen_t(MemoryLayout<timeval>.size))
        setsockopt(fd, SOL_SOCKET, SO_SNDTIMEO, &wait, socklen_t(MemoryLayout<timeval>.size))
        var peer = sockaddr_in()
        peer.sin_family = sa_family_t(AF_INET)
        peer.sin_port = in_port_t(UInt16(port).bigEndian)
        guard inet_pton(AF_INET, host == "localhost" ? "127.0.0.1" : host, &peer.sin_addr) == 1 else {
            throw PlainHTTPError.badAddress(url)
        }
        let connected = withUnsafePointer(to: &peer) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { connect(fd, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) }
        }
        guard connected == 0 else { throw PlainHTTPError.noAnswer(url) }

        // HTTP/1.1: Chromium's DevTools endpoint answers HTTP/1.0 with nothing at all.
        var request = "\(method) \(path) HTTP/1.1\r\nHost: \(host):\(port)\r\nConnection: close\r\n"
        for (name, value) in headers { request += "\(name): \(value)\r\n" }
        if let body { request += "Content-Length: \(body.count)\r\n" }
        request += "\r\n"
        let bytes = Array(request.utf8) + (body ?? [])
        var sent = 0
        while sent < bytes.count {
            let n = bytes.withUnsafeBytes { Glibc.send(fd, $0.baseAddress! + sent, $0.count - sent, 0) }
            guard n > 0 else { throw PlainHTTPError.noAnswer(url) }
            sent += n
        }

        // Read until the answer is whole: Content-Length bytes, the last chunk, or the close.
        var answer = Data()
        var buffer = [UInt8](repeating: 0, count: 65536)
        while !isWhole(answer) {
            let count = buffer.withUnsafeMutableBytes { recv(fd, $0.baseAddress, $0.count, 0) }
            if count > 0 { answer.append(contentsOf: buffer[0..<count]) } else if count == 0 { break } else { throw PlainHTTPError.noAnswer(url) }
        }
        guard let (status, fields, start) = parseHead(answer) else { throw PlainHTTPError.noAnswer(url) }
        var body = Data(answer[start...])
        if fields["transfer-encoding"]?.lowercased() == "chunked" { body = dechunked(body) }
        if let length = fields["content-length"].flatMap(Int.init), body.count > length { body = body.prefix(length) }
        return Response(status: status, headers: fields, body: body)
    }

    /// The status, the header fields (names in lower case) and where the body starts.
    static func parseHead(_ answer: Data) -> (Int, [String: String], Data.Index)? {
        guard let end = answer.range(of: Data("\r\n\r\n".utf8)) else { return nil }
        let head = String(decoding: answer[..<end.lowerBound], as: UTF8.self).components(separatedBy: "\r\n")
        guard let statusLine = head.first, statusLine.hasPrefix("HTTP/"),
              let status = Int(statusLine.split(separator: " ").dropFirst().first ?? "") else { return nil }
        var fields: [String: String] = [:]
        for line in head.dropFirst() {
            guard let colon = line.firstIndex(of: ":") else { continue }
            fields[line[..<colon].lowercased()] = line[line.index(after: colon)...].trimmingCharacters(in: .whitespaces)
        }
        return (status, fields, end.upperBound)
    }

    static func isWhole(_ answer: Data) -> Bool {
        guard let (_, fields, start) = parseHead(answer) else { return false }
        if let length = fields["content-length"].flatMap(Int.init) { return answer.count - start >= length }
        if fields["transfer-encoding"]?.lowercased() == "chunked" { return answer[start...].range(of: Data("0\r\n\r\n".utf8)) != nil }
        return false
    }

    /// A chunked body put back together (sizes in hex, each chunk followed by CRLF, 0 ends it).
    static func dechunked(_ data: Data) -> Data {
        var body = Data()
        var rest = data[...]
        while let lineEnd = rest.range(of: Data("\r\n".utf8)) {
            let sizeText = String(decoding: rest[..<lineEnd.lowerBound], as: UTF8.self).split(separator: ";").first ?? ""
            guard let size = Int(sizeText.trimmingCharacters(in: .whitespaces), radix: 16), size > 0 else { break }
            let start = lineEnd.upperBound
            guard let stop = rest.index(start, offsetBy: size, limitedBy: rest.endIndex) else { break }
            body.append(rest[start..<stop])
            rest = rest[min(rest.endIndex, rest.index(stop, offsetBy: 2, limitedBy: rest.endIndex) ?? rest.endIndex)...]
        }
        return body
    }
}

enum PlainHTTPError: Error, CustomStringConvertible {
    case badAddress(String)
    case noAnswer(String)

    var description: String {
        switch self {
        case .badAddress(let url): return "not an address this test client can reach: \(url)"
        case .noAnswer(let url): return "no answer from \(url)"
        }
    }
}

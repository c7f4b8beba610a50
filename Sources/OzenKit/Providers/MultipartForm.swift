import Foundation

/// `multipart/form-data`, both ways: the body an OpenAI-compatible transcription request sends
/// (fields `model`, `language`, `prompt`, `response_format`, `temperature` and the `file`), and
/// the parts `ozen serve` reads out of one. Parsing refuses what it cannot trust instead of
/// guessing: no boundary, no closing boundary, a part without a name.
public struct MultipartForm: Sendable, Equatable {
    public struct Part: Sendable, Equatable {
        public var name: String
        public var filename: String?
        public var contentType: String?
        public var body: [UInt8]
        public init(name: String, filename: String? = nil, contentType: String? = nil, body: [UInt8]) {
            self.name = name
            self.filename = filename
            self.contentType = contentType
            self.body = body
        }
        public var text: String { String(decoding: body, as: UTF8.self) }
    }

    public var parts: [Part]
    public init(parts: [Part] = []) { self.parts = parts }

    public func part(_ name: String) -> Part? { parts.first { $0.name == name } }
    public func field(_ name: String) -> String? { part(name)?.text }

    /// The body, with `boundary` between the parts.
    public func encoded(boundary: String) -> [UInt8] {
        var out: [UInt8] = []
        for part in parts {
            var head = "--\(boundary)\r\nContent-Disposition: form-data; name=\"\(part.name)\""
            if let filename = part.filename { head += "; filename=\"\(filename)\"" }
            head += "\r\n"
            if let type = part.contentType { head += "Content-Type: \(type)\r\n" }
            head += "\r\n"
            out += Array(head.utf8) + part.body + Array("\r\n".utf8)
        }
        out += Array("--\(boundary)--\r\n".utf8)
        return out
    }

    /// The boundary of a `Content-Type: multipart/form-data; boundary=…` header.
    public static func boundary(contentType: String) -> String? {
        guard contentType.lowercased().hasPrefix("multipart/form-data") else { return nil }
        for piece in contentType.split(separator: ";").dropFirst() {
            let pair = piece.trimmingCharacters(in: .whitespaces)
            guard pair.lowercased().hasPrefix("boundary=") else { continue }
            var value = String(pair.dropFirst("boundary=".count))
            if value.hasPrefix("\""), value.hasSuffix("\""), value.count >= 2 { value = String(value.dropFirst().dropLast()) }
            return value.isEmpty ? nil : value
        }
        return nil
    }

    public struct Malformed: Error, CustomStringConvertible, Equatable {
        public var reason: String
        public var description: String { "malformed multipart body: \(reason)" }
    }

    public static func parse(_ body: [UInt8], boundary: String) throws(Malformed) -> MultipartForm {
        let delimiter = Array("--\(boundary)".utf8)
        var positions: [Int] = []
        var from = 0
        while let found = body.firstRange(of: delimiter, from: from) {
            positions.append(found)
            from = found + delimiter.count
        }
        guard positions.count >= 2 else { throw Malformed(reason: "the boundary '\(boundary)' does not appear twice") }
        let last = positions[positions.count - 1] + delimiter.count
        guard body.count >= last + 2, body[last] == UInt8(ascii: "-"), body[last + 1] == UInt8(ascii: "-") else {
            throw Malformed(reason: "the closing boundary is missing (the upload was cut short?)")
        }
        var parts: [Part] = []
        for (start, end) in zip(positions, positions.dropFirst()) {
            var partStart = start + delimiter.count
            // The delimiter line ends with CRLF; the part's body ends with the CRLF before the next one.
            if body.count > partStart + 1, body[partStart] == 13, body[partStart + 1] == 10 { partStart += 2 }
            var partEnd = end
            if partEnd - 2 >= partStart, body[partEnd - 2] == 13, body[partEnd - 1] == 10 { partEnd -= 2 }
            let chunk = Array(body[partStart..<partEnd])
            guard let split = chunk.firstRange(of: Array("\r\n\r\n".utf8), from: 0) else {
                throw Malformed(reason: "a part has no blank line after its headers")
            }
            let headers = String(decoding: chunk[..<split], as: UTF8.self)
            var name: String?, filename: String?, type: String?
            for header in headers.components(separatedBy: "\r\n") {
                let lower = header.lowercased()
                if lower.hasPrefix("content-disposition:") {
                    name = parameter("name", in: header)
                    filename = parameter("filename", in: header)
                } else if lower.hasPrefix("content-type:") {
                    type = header.dropFirst("content-type:".count).trimmingCharacters(in: .whitespaces)
                }
            }
            guard let name, !name.isEmpty else { throw Malformed(reason: "a part has no name") }
            parts.append(Part(name: name, filename: filename, contentType: type, body: Array(chunk[(split + 4)...])))
        }
        return MultipartForm(parts: parts)
    }

    private static func parameter(_ key: String, in header: String) -> String? {
        for piece in header.split(separator: ";") {
            let pair = piece.trimmingCharacters(in: .whitespaces)
            guard pair.lowercased().hasPrefix(key + "=") else { continue }
            var value = String(pair.dropFirst(key.count + 1))
            if value.hasPrefix("\""), value.hasSuffix("\""), value.count >= 2 { value = String(value.dropFirst().dropLast()) }
            return value
        }
        return nil
    }
}

extension Array where Element == UInt8 {
    /// The index where `needle` first starts at or after `from`.
    func firstRange(of needle: [UInt8], from: Int) -> Int? {
        guard !needle.isEmpty, count >= needle.count, from <= count - needle.count else { return nil }
        let first = needle[0]
        var i = from
        let lastStart = count - needle.count
        while i <= lastStart {
            if self[i] == first {
                var j = 1
                while j < needle.count && self[i + j] == needle[j] { j += 1 }
                if j == needle.count { return i }
            }
            i += 1
        }
        return nil
    }
}

import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// A real HTTP/1.1 file server on 127.0.0.1 for the model manager's tests: it serves one model
/// file with or without range support, and can be made to fail as real networks do: drop a
/// connection after some bytes, refuse connections for a while (its port closed), or send
/// slowly so that a test can kill the downloader halfway.
final class ModelFileServer: @unchecked Sendable {
    let file: String
    let size: Int
    let supportsRanges: Bool
    let etag: String
    private(set) var port: UInt16 = 0
    private let lock = NSLock()
    private var listener: Int32 = -1
    private var cuts: [(bytes: Int, refuseFor: Double)] = []
    private var pace: Int?
    private var log: [String] = []

    var url: String { "http://127.0.0.1:\(port)/ggml-test-model.bin" }

    /// The Range header of every request so far ("" for none), in order.
    var rangesAsked: [String] { lock.withLock { log } }

    init(file: String, supportsRanges: Bool = true, etag: String = "\"ozen-test-1\"") throws {
        self.file = file
        self.size = ((try FileManager.default.attributesOfItem(atPath: file))[.size] as! NSNumber).intValue
        self.supportsRanges = supportsRanges
        self.etag = etag
        try listen()
    }

    deinit { stop() }

    func stop() { refuse() }

    /// The next response drops its connection after sending this many body bytes; then the
    /// port is closed for `refuseFor` seconds (connections refused) and opened again.
    func cutNext(after bytes: Int, thenRefuseFor seconds: Double = 0) { lock.withLock { cuts.append((bytes, seconds)) } }

    /// Bytes per second for the following responses (nil: as fast as the socket takes them).
    func send(atMost bytesPerSecond: Int?) { lock.withLock { pace = bytesPerSecond } }

    /// Closes the port: connections are refused until `accept()`.
    func refuse() {
        let fd = lock.withLock { () -> Int32 in let fd = listener; listener = -1; return fd }
        if fd >= 0 { shutdown(fd, Int32(SHUT_RDWR)); close(fd) }
    }

    /// Opens the port again (the same one).
    func accept() throws { try listen() }

    private func listen() throws {
        let fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        var yes: Int32 = 1
        setsockopt(fd, SOL_SOCKET, SO_REUSEADDR, &yes, socklen_t(MemoryLayout<Int32>.size))
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = in_port_t(port.bigEndian)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        let bound = withUnsafePointer(to: &address) { $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(fd, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) } }
        guard bound == 0, Glibc.listen(fd, 16) == 0 else { close(fd); throw CocoaError(.fileWriteUnknown) }
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        _ = withUnsafeMutablePointer(to: &address) { $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { getsockname(fd, $0, &length) } }
        lock.withLock { port = UInt16(bigEndian: address.sin_port); listener = fd }
        let thread = Thread { [weak self] in
            while true {
                let client = Glibc.accept(fd, nil, nil)
                guard client >= 0 else { return }
                guard let self else { close(client); return }
                Thread.detachNewThread { self.serve(client) }
            }
        }
        thread.start()
    }

    private func serve(_ client: Int32) {
        defer { close(client) }
        var head = [UInt8]()
        var buffer = [UInt8](repeating: 0, count: 4096)
        while !head.containsHeadEnd {
            let n = recv(client, &buffer, buffer.count, 0)
            guard n > 0 else { return }
            head += buffer[0..<n]
        }
        let lines = String(decoding: head, as: UTF8.self).components(separatedBy: "\r\n")
        var range = ""
        for line in lines.dropFirst() where line.lowercased().hasPrefix("range:") {
            range = line.dropFirst(6).trimmingCharacters(in: .whitespaces)
        }
        let (planned, pace) = lock.withLock { () -> ((bytes: Int, refuseFor: Double)?, Int?) in
            log.append(range)
            return (cuts.isEmpty ? nil : cuts.removeFirst(), self.pace)
        }
        let cut = planned?.bytes
        var start = 0
        var status = "200 OK"
        var extra = ""
        if supportsRanges, range.hasPrefix("bytes="), let from = Int(range.dropFirst(6).split(separator: "-").first ?? "") {
            if from >= size {
                write(client, "HTTP/1.1 416 Range Not Satisfiable\r\nContent-Range: bytes */\(size)\r\nContent-Length: 0\r\nConnection: close\r\n\r\n")
                return
            }
            start = from
            status = "206 Partial Content"
            extra = "Content-Range: bytes \(from)-\(size - 1)/\(size)\r\n"
        }
        let ranges = supportsRanges ? "Accept-Ranges: bytes\r\nETag: \(etag)\r\n" : ""
        write(client, "HTTP/1.1 \(status)\r\nContent-Type: application/octet-stream\r\nContent-Length: \(size - start)\r\n\(ranges)\(extra)Connection: close\r\n\r\n")
        guard let handle = FileHandle(forReadingAtPath: file) else { return }
        defer { try? handle.close() }
        try? handle.seek(toOffset: UInt64(start))
        var sent = 0
        let began = Date()
        while true {
            let budget = cut.map { $0 - sent } ?? .max
            guard budget > 0 else {
                if let refuseFor = planned?.refuseFor, refuseFor > 0 {
                    refuse()
                    Thread.detachNewThread { [self] in Thread.sleep(forTimeInterval: refuseFor); try? accept() }
                }
                shutdown(client, Int32(SHUT_RDWR))
                return
            }
            guard let chunk = try? handle.read(upToCount: min(64 << 10, budget)), !chunk.isEmpty else { return }
            let ok = chunk.withUnsafeBytes { raw -> Bool in
                var offset = 0
                while offset < raw.count {
                    let n = Glibc.send(client, raw.baseAddress! + offset, raw.count - offset, Int32(MSG_NOSIGNAL))
                    guard n > 0 else { return false }
                    offset += n
                }
                return true
            }
            guard ok else { return }
            sent += chunk.count
            if let pace {
                let due = Double(sent) / Double(pace) - Date().timeIntervalSince(began)
                if due > 0 { Thread.sleep(forTimeInterval: due) }
            }
        }
    }

    private func write(_ client: Int32, _ text: String) {
        let bytes = Array(text.utf8)
        _ = bytes.withUnsafeBytes { Glibc.send(client, $0.baseAddress!, $0.count, Int32(MSG_NOSIGNAL)) }
    }
}

private extension Array where Element == UInt8 {
    var containsHeadEnd: Bool {
        guard count >= 4 else { return false }
        for i in 0...(count - 4) where self[i] == 13 && self[i + 1] == 10 && self[i + 2] == 13 && self[i + 3] == 10 { return true }
        return false
    }
}

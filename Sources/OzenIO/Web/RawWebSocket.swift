import Foundation

/// A WebSocket client that never reads what the server sends: a plain socket, the HTTP
/// upgrade and masked frames, nothing more (no reader thread), so hundreds are cheap. What
/// `ozen bench serve --idle N` and the server tests aim at `ozen serve`: the flood of
/// connections that never say hello (any device on the Wi-Fi can open them), and a client
/// that streams but stops reading.
public final class RawWebSocket: Sendable {
    private let fd: Int32

    /// Connects to 127.0.0.1:`port` and upgrades; throws when the server refuses or does not
    /// answer within `timeout` seconds.
    public init(port: Int, timeout: Double = 10) throws {
        fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        guard fd >= 0 else { throw RawWebSocketError.failed("no socket: errno \(errno)") }
        var wait = timeval(tv_sec: Int(timeout), tv_usec: Int((timeout - timeout.rounded(.down)) * 1e6))
        setsockopt(fd, SOL_SOCKET, SO_RCVTIMEO, &wait, socklen_t(MemoryLayout<timeval>.size))
        setsockopt(fd, SOL_SOCKET, SO_SNDTIMEO, &wait, socklen_t(MemoryLayout<timeval>.size))
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = in_port_t(UInt16(port).bigEndian)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        let connected = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { connect(fd, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) }
        }
        guard connected == 0 else { close(fd); throw RawWebSocketError.failed("connect: errno \(errno)") }
        let key = Data((0..<16).map { _ in UInt8.random(in: 0...255) }).base64EncodedString()
        let request = "GET / HTTP/1.1\r\nHost: 127.0.0.1:\(port)\r\nUpgrade: websocket\r\nConnection: Upgrade\r\n"
            + "Sec-WebSocket-Key: \(key)\r\nSec-WebSocket-Version: 13\r\n\r\n"
        let bytes = Array(request.utf8)
        guard write(fd, bytes, bytes.count) == bytes.count else { close(fd); throw RawWebSocketError.failed("write: errno \(errno)") }
        var head: [UInt8] = []
        var byte: UInt8 = 0
        while !head.suffix(4).elementsEqual([13, 10, 13, 10]) {
            guard read(fd, &byte, 1) == 1 else { close(fd); throw RawWebSocketError.failed("no upgrade answer") }
            head.append(byte)
        }
        guard String(decoding: head, as: UTF8.self).hasPrefix("HTTP/1.1 101") else {
            close(fd)
            throw RawWebSocketError.failed("refused: \(String(decoding: head.prefix(40), as: UTF8.self))")
        }
    }

    public func send(text: String) throws { try send(opcode: 0x1, Array(text.utf8)) }

    public func send(binary: [UInt8]) throws { try send(opcode: 0x2, binary) }

    /// One final frame, masked as a client's must be.
    private func send(opcode: UInt8, _ payload: [UInt8]) throws {
        var frame: [UInt8] = [0x80 | opcode]
        switch payload.count {
        case ..<126: frame.append(0x80 | UInt8(payload.count))
        case ..<65_536: frame += [0x80 | 126, UInt8(payload.count >> 8), UInt8(payload.count & 0xff)]
        default: frame.append(0x80 | 127); frame += (0..<8).reversed().map { UInt8((payload.count >> ($0 * 8)) & 0xff) }
        }
        let mask = (0..<4).map { _ in UInt8.random(in: 0...255) }
        frame += mask
        frame += payload.enumerated().map { $0.element ^ mask[$0.offset % 4] }
        var written = 0
        while written < frame.count {
            let n = frame[written...].withUnsafeBytes { write(fd, $0.baseAddress, $0.count) }
            guard n > 0 else { throw RawWebSocketError.failed("write: errno \(errno)") }
            written += n
        }
    }

    /// True once the server has closed its end (what it sent before is read and dropped).
    public var serverClosed: Bool {
        var buffer = [UInt8](repeating: 0, count: 4096)
        while true {
            let n = recv(fd, &buffer, buffer.count, Int32(MSG_DONTWAIT))
            if n == 0 { return true }
            if n < 0 { return errno != EAGAIN && errno != EWOULDBLOCK }
        }
    }

    deinit { close(fd) }
}

public enum RawWebSocketError: Error, CustomStringConvertible {
    case failed(String)
    public var description: String {
        switch self { case .failed(let why): return "raw WebSocket: \(why)" }
    }
}

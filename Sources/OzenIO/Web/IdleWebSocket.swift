import Foundation

/// A WebSocket that opens and then says nothing, as any device on the Wi-Fi can do: the
/// flood that `ozen bench serve --idle N` and the server tests aim at `ozen serve`. A plain
/// socket and the HTTP upgrade, nothing more (no reader thread), so hundreds are cheap.
public final class IdleWebSocket: @unchecked Sendable {
    private let fd: Int32

    /// Connects to 127.0.0.1:`port` and upgrades; throws when the server refuses or does not
    /// answer within `timeout` seconds.
    public init(port: Int, timeout: Double = 10) throws {
        fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        guard fd >= 0 else { throw IdleWebSocketError.failed("no socket: errno \(errno)") }
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
        guard connected == 0 else { close(fd); throw IdleWebSocketError.failed("connect: errno \(errno)") }
        let key = Data((0..<16).map { _ in UInt8.random(in: 0...255) }).base64EncodedString()
        let request = "GET / HTTP/1.1\r\nHost: 127.0.0.1:\(port)\r\nUpgrade: websocket\r\nConnection: Upgrade\r\n"
            + "Sec-WebSocket-Key: \(key)\r\nSec-WebSocket-Version: 13\r\n\r\n"
        let bytes = Array(request.utf8)
        guard write(fd, bytes, bytes.count) == bytes.count else { close(fd); throw IdleWebSocketError.failed("write: errno \(errno)") }
        var head: [UInt8] = []
        var byte: UInt8 = 0
        while !head.suffix(4).elementsEqual([13, 10, 13, 10]) {
            guard read(fd, &byte, 1) == 1 else { close(fd); throw IdleWebSocketError.failed("no upgrade answer") }
            head.append(byte)
        }
        guard String(decoding: head, as: UTF8.self).hasPrefix("HTTP/1.1 101") else {
            close(fd)
            throw IdleWebSocketError.failed("refused: \(String(decoding: head.prefix(40), as: UTF8.self))")
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

public enum IdleWebSocketError: Error, CustomStringConvertible {
    case failed(String)
    public var description: String {
        switch self { case .failed(let why): return "idle WebSocket: \(why)" }
    }
}

import CCivetWeb
import Foundation
import OzenKit
import Synchronization

/// A small blocking WebSocket client on CivetWeb's client API: what the tests use to speak
/// home protocol v1 to `ozen serve` as a phone or a display page would, and to drive a
/// headless browser through its DevTools socket.
///
/// CivetWeb reads on a thread of its own; every message it delivers goes into a queue that
/// `receive(timeout:)` takes from, so a caller waits for the next message with a bounded
/// wait and never misses one that came early. Fragmented messages are put together first.
/// Pings are answered. When the server closes (or the connection drops), `receive` returns
/// one `.close` and then nil.
public final class WebSocketClient: Sendable {
    public enum Frame: Sendable, Equatable {
        case text(String)
        case binary([UInt8])
        /// The server closed: its status code (nil when it gave none or the connection dropped).
        case close(code: Int?)

        /// The text of a text frame, else nil.
        public var text: String? {
            if case .text(let text) = self { return text }
            return nil
        }
    }

    /// The state CivetWeb's reader thread shares with the caller.
    final class Inbox: Sendable {
        struct State {
            var frames: [Frame] = []
            var closed = false
            var closeDelivered = false
            var fragments: [UInt8] = []
            var fragmentOpcode: Int32 = 0
        }
        let state = WaitableMutex(State())
    }

    /// The connection until `close`; held while a frame is written, so none is written after.
    private let connection: Mutex<CivetWebConnection?>
    private let inbox: Inbox
    private let retained: Unmanaged<Inbox>

    private init(connection: CivetWebConnection, inbox: Inbox, retained: Unmanaged<Inbox>) {
        self.connection = Mutex(connection)
        self.inbox = inbox
        self.retained = retained
    }

    /// Opens a WebSocket to ws://host:port/path. `origin` is sent as the Origin header when
    /// given (a browser page always sends one; the phone app sends none).
    public static func connect(host: String, port: Int, path: String = "/", origin: String? = nil) throws -> WebSocketClient {
        _ = libraryStarted
        let inbox = Inbox()
        let retained = Unmanaged.passRetained(inbox)
        var error = [CChar](repeating: 0, count: 256)
        let connection = error.withUnsafeMutableBufferPointer { buffer in
            mg_connect_websocket_client(host, Int32(port), 0, buffer.baseAddress, buffer.count, path, origin,
                                        { connection, bits, data, length, user in
                                            guard let user else { return 0 }
                                            let inbox = Unmanaged<Inbox>.fromOpaque(user).takeUnretainedValue()
                                            return WebSocketClient.deliver(inbox, connection, bits, data, length)
                                        },
                                        { _, user in
                                            guard let user else { return }
                                            let inbox = Unmanaged<Inbox>.fromOpaque(user).takeUnretainedValue()
                                            inbox.state.withLock {
                                                $0.closed = true
                                                inbox.state.broadcast()
                                            }
                                        },
                                        retained.toOpaque())
        }
        guard let connection else {
            retained.release()
            let detail = String(decoding: error.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
            throw WebSocketClientError.cannotConnect(host: host, port: port, path: path, detail: detail)
        }
        return WebSocketClient(connection: CivetWebConnection(pointer: connection), inbox: inbox, retained: retained)
    }

    private static let libraryStarted: Bool = { mg_init_library(0); return true }()

    /// Runs on CivetWeb's reader thread for every frame. 1: keep reading, 0: close.
    private static func deliver(_ inbox: Inbox, _ connection: OpaquePointer?, _ bits: Int32,
                                _ data: UnsafeMutablePointer<CChar>?, _ length: Int) -> Int32 {
        let opcode = bits & 0x0F
        let final = bits & 0x80 != 0
        let bytes = data.map { Array(UnsafeRawBufferPointer(start: $0, count: length)) } ?? []
        switch opcode {
        case Int32(MG_WEBSOCKET_OPCODE_PING):
            if let connection {
                _ = bytes.withUnsafeBufferPointer { buffer in
                    buffer.withMemoryRebound(to: CChar.self) {
                        mg_websocket_client_write(connection, Int32(MG_WEBSOCKET_OPCODE_PONG), $0.baseAddress, $0.count)
                    }
                }
            }
            return 1
        case Int32(MG_WEBSOCKET_OPCODE_PONG):
            return 1
        case Int32(MG_WEBSOCKET_OPCODE_CONNECTION_CLOSE):
            let code = bytes.count >= 2 ? Int(bytes[0]) << 8 | Int(bytes[1]) : nil
            inbox.state.withLock {
                $0.frames.append(.close(code: code))
                $0.closeDelivered = true
                $0.closed = true
                inbox.state.broadcast()
            }
            return 0
        default:
            return inbox.state.withLock { state -> Int32 in
                var message = bytes
                var messageOpcode = opcode
                if opcode == Int32(MG_WEBSOCKET_OPCODE_CONTINUATION) {
                    state.fragments += bytes
                    guard final else { return 1 }
                    message = state.fragments
                    messageOpcode = state.fragmentOpcode
                    state.fragments = []
                } else if !final {
                    state.fragments = bytes
                    state.fragmentOpcode = opcode
                    return 1
                }
                if messageOpcode == Int32(MG_WEBSOCKET_OPCODE_TEXT) {
                    state.frames.append(.text(String(decoding: message, as: UTF8.self)))
                } else {
                    state.frames.append(.binary(message))
                }
                inbox.state.broadcast()
                return 1
            }
        }
    }

    /// Sends one text frame.
    public func send(text: String) throws {
        try write(opcode: Int32(MG_WEBSOCKET_OPCODE_TEXT), Array(text.utf8))
    }

    /// Sends one binary frame (protocol v1's audio: PCM16 little-endian, 16 kHz mono).
    public func send(binary: [UInt8]) throws {
        try write(opcode: Int32(MG_WEBSOCKET_OPCODE_BINARY), binary)
    }

    private func write(opcode: Int32, _ bytes: [UInt8]) throws {
        try connection.withLock { connection throws(WebSocketClientError) in
            guard let connection, !isClosed else { throw .closed }
            let written = bytes.withUnsafeBufferPointer { buffer in
                buffer.withMemoryRebound(to: CChar.self) { mg_websocket_client_write(connection.pointer, opcode, $0.baseAddress, $0.count) }
            }
            guard written > 0 || bytes.isEmpty && written >= 0 else { throw .closed }
        }
    }

    /// The next message, waiting at most `timeout` seconds: nil when none came in time, or when
    /// the connection is closed and its `.close` was already returned.
    public func receive(timeout: Double) -> Frame? {
        let deadline = Date(timeIntervalSinceNow: timeout)
        return inbox.state.withLock(waitingUntil: deadline, for: { !$0.frames.isEmpty || $0.closed }) { state -> Frame? in
            if !state.frames.isEmpty { return state.frames.removeFirst() }
            guard state.closed else { return nil }
            guard !state.closeDelivered else { return nil }
            state.closeDelivered = true
            return .close(code: nil)
        }
    }

    /// Text messages until `accept` is true of one (returned) or `timeout` seconds pass (nil);
    /// the messages passed over on the way are handed to `skipped`.
    public func receive(timeout: Double, until accept: (String) -> Bool, skipped: (Frame) -> Void = { _ in }) -> String? {
        let deadline = Date(timeIntervalSinceNow: timeout)
        while true {
            let left = deadline.timeIntervalSinceNow
            guard left > 0, let frame = receive(timeout: left) else { return nil }
            if let text = frame.text, accept(text) { return text }
            skipped(frame)
            if case .close = frame { return nil }
        }
    }

    /// True once the server closed or the connection dropped.
    public var isClosed: Bool { inbox.state.withLock { $0.closed } }

    /// Sends a close frame with `code` (unless the server already closed), then ends the
    /// connection and its reader thread. Safe to call more than once.
    public func close(code: Int = 1000) {
        let held = connection.withLock { connection -> CivetWebConnection? in
            guard let held = connection else { return nil }
            if !isClosed {
                let payload: [UInt8] = [UInt8(code >> 8 & 0xFF), UInt8(code & 0xFF)]
                _ = payload.withUnsafeBufferPointer { buffer in
                    buffer.withMemoryRebound(to: CChar.self) {
                        mg_websocket_client_write(held.pointer, Int32(MG_WEBSOCKET_OPCODE_CONNECTION_CLOSE), $0.baseAddress, $0.count)
                    }
                }
            }
            connection = nil
            return held
        }
        guard let held else { return }
        mg_close_connection(held.pointer) // joins CivetWeb's reader thread: no callback runs after this
        inbox.state.withLock {
            $0.closed = true
            inbox.state.broadcast()
        }
        retained.release()
    }

    deinit { close() }
}

public enum WebSocketClientError: Error, CustomStringConvertible, Equatable {
    case cannotConnect(host: String, port: Int, path: String, detail: String)
    case closed

    public var description: String {
        switch self {
        case .cannotConnect(let host, let port, let path, let detail):
            return "cannot open ws://\(host):\(port)\(path)\(detail.isEmpty ? "" : ": \(detail)")"
        case .closed:
            return "the WebSocket connection is closed"
        }
    }
}

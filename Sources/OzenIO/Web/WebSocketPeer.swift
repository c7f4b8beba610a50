import CCivetWeb
import Foundation
import OzenKit
import Synchronization

/// The far end of one WebSocket connection, as the server's handlers see it.
///
/// `send` never blocks the caller: messages queue, and the connection's own sender thread
/// writes them. A client that reads too slowly therefore only delays itself; when its queue
/// passes `maximumQueued` messages it is disconnected (1008) instead of holding memory or
/// anyone else back.
public final class WebSocketPeer: Sendable {
    /// About ten minutes of captions at the busiest (a partial every 0.3 s) before a stuck
    /// client is let go.
    public static let maximumQueued = 2_000

    public let remoteAddress: String
    /// The request's Origin header, when a browser sent one.
    public let origin: String?

    private struct State {
        var queue: [Outgoing] = []
        var connection: CivetWebConnection?
        var closing = false
    }
    private let state: WaitableMutex<State>
    /// Held while a frame is written: `detach` waits for a write in progress.
    private let writeLock = Mutex(())
    /// The connection's socket, to hang up on a client that ignores our close (`ConnectionSocket`).
    private let socket: Int32?
    /// How long a client has to answer our close frame before the server hangs up.
    public static let closeGrace = 2.0

    enum Outgoing { case text(String), binary([UInt8]), close(Int) }

    init(connection: OpaquePointer, remoteAddress: String, origin: String?, socket: Int32? = nil) {
        state = WaitableMutex(State(connection: CivetWebConnection(pointer: connection)))
        self.socket = socket
        self.remoteAddress = remoteAddress
        self.origin = origin
        let thread = Thread { [weak self] in self?.sendLoop() }
        thread.name = "ozen-websocket-send"
        thread.start()
    }

    /// Queues a text frame. Ignored once the connection is closing.
    public func send(text: String) { enqueue(.text(text)) }

    public func send(binary: [UInt8]) { enqueue(.binary(binary)) }

    /// Sends what is queued, then a close frame with `code` (1000: normal).
    public func close(code: Int = 1000) {
        state.withLock { state in
            guard !state.closing else { return }
            state.queue.append(.close(code))
            state.closing = true
            self.state.signal()
        }
    }

    /// True once a close was asked for or the connection went away.
    public var isClosing: Bool { state.withLock { $0.closing || $0.connection == nil } }

    private func enqueue(_ message: Outgoing) {
        state.withLock { state in
            guard !state.closing, state.connection != nil else { return }
            if state.queue.count >= Self.maximumQueued {
                state.queue.removeAll()
                state.queue.append(.close(1008))
                state.closing = true
                // The sender is stuck writing to a client that does not read: hang up.
                hangUpLater()
            } else {
                state.queue.append(message)
            }
            self.state.signal()
        }
    }

    private func sendLoop() {
        while true {
            let next = state.withLock(for: { !$0.queue.isEmpty || $0.connection == nil }) { state -> Outgoing? in
                guard state.connection != nil else {
                    // What was never sent is freed here, on this thread that ends now, rather
                    // than on CivetWeb's thread in `detach` (see `WebServer`).
                    state.queue.removeAll()
                    return nil
                }
                return state.queue.removeFirst()
            }
            guard let message = next else { return }
            // Writes hold only the write lock: senders keep queueing while a slow client's
            // write waits, and `detach` waits for a write in progress, so the connection is
            // never written to after CivetWeb has let it go.
            writeLock.withLock { _ in
                guard let connection = state.withLock({ $0.connection })?.pointer else { return }
                switch message {
                case .text(let text):
                    var bytes = Array(text.utf8)
                    _ = mg_websocket_write(connection, Int32(MG_WEBSOCKET_OPCODE_TEXT), &bytes, bytes.count)
                case .binary(let data):
                    var bytes = data.map { CChar(bitPattern: $0) }
                    _ = mg_websocket_write(connection, Int32(MG_WEBSOCKET_OPCODE_BINARY), &bytes, bytes.count)
                case .close(let code):
                    var payload: [CChar] = [CChar(bitPattern: UInt8(code >> 8)), CChar(bitPattern: UInt8(code & 0xff))]
                    _ = mg_websocket_write(connection, Int32(MG_WEBSOCKET_OPCODE_CONNECTION_CLOSE), &payload, 2)
                    hangUpLater()
                }
            }
        }
    }

    /// A client that has not let the connection go `closeGrace` seconds after our close is
    /// hung up on. The socket is only touched while CivetWeb still holds the connection
    /// (`detach` clears it under the same lock before CivetWeb closes the socket).
    private func hangUpLater() {
        guard let socket else { return }
        DispatchQueue.global().asyncAfter(deadline: .now() + Self.closeGrace) { [weak self] in
            guard let self else { return }
            self.state.withLock { if $0.connection != nil { ConnectionSocket.hangUp(socket) } }
        }
    }

    /// CivetWeb is letting the connection go: stop writing to it, and wait for a write in progress.
    /// The sender thread drops what is still queued and ends.
    func detach() {
        writeLock.withLock { _ in
            state.withLock {
                $0.connection = nil
                $0.closing = true
                state.broadcast()
            }
        }
    }
}

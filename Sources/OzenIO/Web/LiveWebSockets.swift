import Foundation

/// The server's open WebSockets, keyed by CivetWeb's handle of each, from upgrade to close.
/// CivetWeb reuses a thread's handle for that thread's next connection.
final class LiveWebSockets: @unchecked Sendable {
    private let lock = NSLock()
    private var states: [OpaquePointer: WebServer.ConnectionState] = [:]

    func upgraded(_ connection: OpaquePointer, _ state: WebServer.ConnectionState) {
        lock.lock()
        states[connection] = state
        lock.unlock()
    }

    func state(_ connection: OpaquePointer) -> WebServer.ConnectionState? {
        lock.lock()
        defer { lock.unlock() }
        return states[connection]
    }

    /// The connection closed: its state, no longer held here.
    func closed(_ connection: OpaquePointer) -> WebServer.ConnectionState? {
        lock.lock()
        defer { lock.unlock() }
        return states.removeValue(forKey: connection)
    }

    /// How many are held (for tests: every closed connection's state must be let go).
    var count: Int {
        lock.lock()
        defer { lock.unlock() }
        return states.count
    }
}

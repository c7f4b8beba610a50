import Foundation

/// The server's open WebSockets, keyed by CivetWeb's handle of each: a connection's state is
/// kept from its upgrade until its own queue has told the handler it closed. CivetWeb reuses a
/// thread's handle for that thread's next connection, whose upgrade replaces the old state,
/// so a late `closed` removes only the state it was given.
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

    func closed(_ connection: OpaquePointer, _ state: WebServer.ConnectionState) {
        lock.lock()
        if states[connection] === state { states.removeValue(forKey: connection) }
        lock.unlock()
    }

    /// How many are held (for tests: every closed connection's state must be let go).
    var count: Int {
        lock.lock()
        defer { lock.unlock() }
        return states.count
    }
}

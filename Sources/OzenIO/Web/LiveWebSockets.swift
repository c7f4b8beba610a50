import Foundation
import Synchronization

/// The server's open WebSockets, keyed by CivetWeb's handle of each, from upgrade to close.
/// CivetWeb reuses a thread's handle for that thread's next connection.
final class LiveWebSockets: Sendable {
    /// Keyed by the handle's address: the compiler lets a number, not the C pointer, into the Mutex.
    private let states = Mutex<[UInt: WebServer.ConnectionState]>([:])

    func upgraded(_ connection: OpaquePointer, _ state: WebServer.ConnectionState) {
        states.withLock { $0[Self.key(connection)] = state }
    }

    func state(_ connection: OpaquePointer) -> WebServer.ConnectionState? {
        states.withLock { $0[Self.key(connection)] }
    }

    /// The connection closed: its state, no longer held here.
    func closed(_ connection: OpaquePointer) -> WebServer.ConnectionState? {
        states.withLock { $0.removeValue(forKey: Self.key(connection)) }
    }

    /// How many are held (for tests: every closed connection's state must be let go).
    var count: Int { states.withLock { $0.count } }

    private static func key(_ connection: OpaquePointer) -> UInt { UInt(bitPattern: Int(bitPattern: connection)) }
}

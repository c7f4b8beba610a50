import Foundation
import OzenKit

/// Every WebSocket of `ozen serve`, for `ConnectionLimits`: numbers them, and closes those the
/// limits push out (the longest waiting for their hello) when a new one comes.
final class HomeConnections: @unchecked Sendable {
    private let lock = NSLock()
    private var limits: ConnectionLimits
    private var nextID = 0
    private var sockets: [Int: WeakSocket] = [:]

    private struct WeakSocket { weak var socket: HomeSocket? }

    init(settings: ConnectionLimits.Settings = .init()) {
        limits = ConnectionLimits(settings: settings)
    }

    /// A new connection's number; those it pushes out are closed with `bad_request`.
    func opened(_ socket: HomeSocket, from address: String) -> Int {
        lock.lock()
        nextID += 1
        let id = nextID
        sockets[id] = WeakSocket(socket: socket)
        let evicted = limits.opened(id, from: address).compactMap { sockets.removeValue(forKey: $0)?.socket }
        lock.unlock()
        for socket in evicted { socket.pushedOut() }
        return id
    }

    func greeted(_ id: Int) -> ConnectionLimits.Admission {
        lock.lock()
        defer { lock.unlock() }
        return limits.greeted(id)
    }

    func closed(_ id: Int) {
        lock.lock()
        limits.closed(id)
        sockets[id] = nil
        lock.unlock()
    }
}

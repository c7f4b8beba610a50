import Foundation
import OzenKit
import Synchronization

/// Every WebSocket of `ozen serve`, for `ConnectionLimits`: numbers them, and closes those the
/// limits push out (the longest waiting for their hello) when a new one comes.
final class HomeConnections: Sendable {
    private struct State {
        var limits: ConnectionLimits
        var nextID = 0
        var sockets: [Int: WeakSocket] = [:]
    }
    private let state: Mutex<State>

    private struct WeakSocket { weak var socket: HomeSocket? }

    init(settings: ConnectionLimits.Settings = .init()) {
        state = Mutex(State(limits: ConnectionLimits(settings: settings)))
    }

    /// A new connection's number; those it pushes out are closed with `bad_request`.
    func opened(_ socket: HomeSocket, from address: String) -> Int {
        let (id, evicted) = state.withLock { state in
            state.nextID += 1
            let id = state.nextID
            state.sockets[id] = WeakSocket(socket: socket)
            return (id, state.limits.opened(id, from: address).compactMap { state.sockets.removeValue(forKey: $0)?.socket })
        }
        for socket in evicted { socket.pushedOut() }
        return id
    }

    func greeted(_ id: Int) -> ConnectionLimits.Admission {
        state.withLock { $0.limits.greeted(id) }
    }

    func closed(_ id: Int) {
        state.withLock {
            $0.limits.closed(id)
            $0.sockets[id] = nil
        }
    }
}

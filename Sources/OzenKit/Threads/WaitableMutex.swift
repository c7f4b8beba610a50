import Foundation

/// A `Mutex` that a thread can also wait on: state shared between threads, one of which waits
/// for it to change (audio arriving, a job done, a stop asked for). `Synchronization.Mutex` has
/// no waiting, so this is NSCondition's lock and signals around the state; as with `Mutex`, the
/// state is reached only inside `withLock`, so the compiler checks what the lock guards.
// @unchecked: `state` is a var guarded by `condition`, reached only inside `withLock`.
public final class WaitableMutex<State>: @unchecked Sendable {
    private let condition = NSCondition()
    private var state: State

    public init(_ initial: consuming sending State) { state = initial }

    /// Runs `body` with the lock held.
    public func withLock<Result: ~Copyable, E: Error>(_ body: (inout sending State) throws(E) -> sending Result) throws(E) -> sending Result {
        condition.lock()
        defer { condition.unlock() }
        return try body(&state)
    }

    /// Takes the lock and waits (letting it go meanwhile) until `ready` is true of the state or
    /// `deadline` has passed (nil: no deadline), then runs `body` with the lock held, either way.
    public func withLock<Result: ~Copyable, E: Error>(waitingUntil deadline: Date? = nil, for ready: (State) -> Bool,
                                                      _ body: (inout sending State) throws(E) -> sending Result) throws(E) -> sending Result {
        condition.lock()
        defer { condition.unlock() }
        if let deadline {
            while !ready(state), condition.wait(until: deadline) {}
        } else {
            while !ready(state) { condition.wait() }
        }
        return try body(&state)
    }

    /// Wakes every thread waiting in `withLock(waitingUntil:for:_:)`. Call it inside `withLock`,
    /// after the change they wait for.
    public func broadcast() { condition.broadcast() }

    /// Wakes one thread waiting in `withLock(waitingUntil:for:_:)` (where only one ever waits).
    /// Call it inside `withLock`, after the change it waits for.
    public func signal() { condition.signal() }
}

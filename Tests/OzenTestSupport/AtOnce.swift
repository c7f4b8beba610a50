import Foundation

/// Runs `body` for 0..<count on as many threads at once, and returns what each gave, in order
/// (or throws the first error, by index): for checks that runs agree, which then also agree
/// under each other's load.
public func atOnce<Value>(_ count: Int, _ body: @Sendable (Int) throws -> Value) throws -> [Value] {
    let box = Outcomes<Value>(count: count)
    DispatchQueue.concurrentPerform(iterations: count) { index in
        box.set(index, Result { try body(index) })
    }
    return try box.all.map { try $0!.get() }
}

/// What `atOnce`'s threads hand back, behind a lock.
private final class Outcomes<Value>: @unchecked Sendable {
    private let lock = NSLock()
    private var outcomes: [Result<Value, any Error>?]
    init(count: Int) { outcomes = Array(repeating: nil, count: count) }
    func set(_ index: Int, _ outcome: Result<Value, any Error>) { lock.withLock { outcomes[index] = outcome } }
    var all: [Result<Value, any Error>?] { lock.withLock { outcomes } }
}

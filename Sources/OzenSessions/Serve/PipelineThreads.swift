import Foundation

/// The threads of `ozen serve` that run caption pipelines: one per streaming client, and one
/// for this computer's own microphone or recording. The server waits for them after it stops
/// listening and before it closes the history and returns from `main`, for two reasons:
///
/// - Nothing lost: the microphone's open line gets its final pass after the stop, and that
///   line must reach the history before the history closes.
/// - A clean exit: a pipeline still inside a Whisper or ONNX pass while the process exits runs
///   into libraries that exit is tearing down. One `make test` run saw `ozen serve` crash when
///   it was stopped during a page-microphone stream (with glibc unmapping freed blocks at once).
final class PipelineThreads: @unchecked Sendable {
    private let condition = NSCondition()
    private var running = 0

    /// Runs `body` on a thread of its own, counted until it returns.
    func start(name: String, _ body: @escaping @Sendable () -> Void) {
        condition.lock()
        running += 1
        condition.unlock()
        let thread = Thread { [self] in
            body()
            condition.lock()
            running -= 1
            condition.broadcast()
            condition.unlock()
        }
        thread.name = name
        thread.start()
    }

    /// Pipelines still running.
    var count: Int {
        condition.lock()
        defer { condition.unlock() }
        return running
    }

    /// Waits until every pipeline has ended, or `seconds` have passed; how many still run.
    func waitUntilEnded(seconds: Double) -> Int {
        let deadline = Date(timeIntervalSinceNow: seconds)
        condition.lock()
        defer { condition.unlock() }
        while running > 0 && condition.wait(until: deadline) {}
        return running
    }
}

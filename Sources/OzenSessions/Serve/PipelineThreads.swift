import Foundation
import OzenKit

/// The threads of `ozen serve` that run caption pipelines: one per streaming client, and one
/// for this computer's own microphone or recording. The server waits for them after it stops
/// listening and before it closes the history and returns from `main`, for two reasons:
///
/// - Nothing lost: the microphone's open line gets its final pass after the stop, and that
///   line must reach the history before the history closes.
/// - A clean exit: a pipeline still inside a Whisper or ONNX pass while the process exits runs
///   into libraries that exit is tearing down. One `make test` run saw `ozen serve` crash when
///   it was stopped during a page-microphone stream (with glibc unmapping freed blocks at once).
final class PipelineThreads: Sendable {
    /// Pipelines running.
    private let running = WaitableMutex(0)

    /// Runs `body` on a thread of its own, counted until it returns.
    func start(name: String, _ body: @escaping @Sendable () -> Void) {
        running.withLock { $0 += 1 }
        let thread = Thread { [self] in
            body()
            running.withLock {
                $0 -= 1
                running.broadcast()
            }
        }
        thread.name = name
        thread.start()
    }

    /// Pipelines still running.
    var count: Int { running.withLock { $0 } }

    /// Waits until every pipeline has ended, or `seconds` have passed; how many still run.
    func waitUntilEnded(seconds: Double) -> Int {
        let deadline = Date(timeIntervalSinceNow: seconds)
        return running.withLock(waitingUntil: deadline, for: { $0 == 0 }) { $0 }
    }
}

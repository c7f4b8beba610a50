import Foundation

/// Reads what a child process writes into a pipe, on a thread of its own, with plain `read(2)`,
/// handing each piece to `take` until the child closes its end.
///
/// Why not `FileHandle.readabilityHandler`: on Linux its dispatch source can crash or stall the
/// whole process when a pipe is torn down while a read is in flight (swift-corelibs-foundation
/// issues 3276 and 5507). It happened here: `ozen serve` stopped answering during a model
/// install that the page had started (CI, 2026-12-05). A blocking read on a thread that ends at
/// end of file cannot race anything.
public final class PipeReader: Sendable {
    private let done = DispatchSemaphore(value: 0)

    /// Starts reading `pipe`'s read end now. `take` is called on the reader's thread.
    public init(_ pipe: Pipe, take: @escaping @Sendable (Data) -> Void) {
        let descriptor = pipe.fileHandleForReading.fileDescriptor
        let done = self.done
        let thread = Thread {
            var buffer = [UInt8](repeating: 0, count: 65_536)
            while true {
                let count = buffer.withUnsafeMutableBytes { read(descriptor, $0.baseAddress, $0.count) }
                if count > 0 { take(Data(buffer[0..<count])); continue }
                if count < 0 && errno == EINTR { continue }
                break
            }
            done.signal()
        }
        thread.name = "ozen pipe reader"
        thread.start()
    }

    /// Waits until the child has closed its end and every piece was handed over (at most
    /// `seconds`); whether it had.
    @discardableResult
    public func wait(seconds: Double = .infinity) -> Bool {
        let finished = seconds.isFinite ? done.wait(timeout: .now() + seconds) == .success : { done.wait(); return true }()
        if finished { done.signal() }
        return finished
    }
}

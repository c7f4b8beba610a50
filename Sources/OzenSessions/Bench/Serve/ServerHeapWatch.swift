import Foundation
import OzenKit

/// The server's heap (the `[heap]` mapping of `/proc/PID/smaps`: glibc's one arena, where the
/// small blocks of every stream live) read every few seconds while `ozen bench serve`'s clients
/// come and go. The end of a soak alone cannot tell a step that stops (freed space kept between
/// blocks in use, once the streams first ran together) from growth that goes on; the most in
/// each fifth of the run can. In the 30-minute soaks of 2026-12-04 it rose from 58–59 to
/// 83–89 MiB within a minute of the four clients' arrival and moved 2–7 MiB after that.
final class ServerHeapWatch: Sendable {
    private struct State {
        var samples: [Double] = []
        var done = false
        var finished = false
    }
    private let state = WaitableMutex(State())

    init(pid: Int32, every seconds: Double = 5) {
        let thread = Thread { [self] in
            while !state.withLock({ $0.done }) {
                let heap = Self.heapMiB(pid: pid)
                if let heap { state.withLock { $0.samples.append(heap) } }
                // Only `stop` broadcasts here: the wait ends after `seconds` or at the stop.
                state.withLock(waitingUntil: Date(timeIntervalSinceNow: seconds), for: { $0.done }) { _ in }
            }
            state.withLock {
                $0.finished = true
                state.broadcast()
            }
        }
        thread.name = "ozen-bench-heap"
        thread.start()
    }

    /// Stops the readings; the most of each of `parts` equal stretches of them, in order.
    func stop(parts: Int = 5) -> [Double] {
        state.withLock {
            $0.done = true
            state.broadcast()
        }
        let read = state.withLock(for: { $0.finished }) { $0.samples }
        guard !read.isEmpty else { return [] }
        let parts = min(parts, read.count)
        return (0..<parts).map { part in
            read[(part * read.count / parts)..<((part + 1) * read.count / parts)].max() ?? 0
        }
    }

    /// The resident size of the process's `[heap]` mapping, or nil when it cannot be read.
    static func heapMiB(pid: Int32) -> Double? {
        guard let smaps = try? String(contentsOfFile: "/proc/\(pid)/smaps", encoding: .utf8) else { return nil }
        var inHeap = false
        for line in smaps.split(separator: "\n") {
            if line.hasSuffix("[heap]") { inHeap = true; continue }
            if inHeap, line.hasPrefix("Rss:") {
                let kib = line.split(separator: " ").dropFirst().first.flatMap { Double($0) }
                return kib.map { $0 / 1024 }
            }
        }
        return nil
    }
}

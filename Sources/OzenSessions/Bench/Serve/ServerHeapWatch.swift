import Foundation

/// The server's heap (the `[heap]` mapping of `/proc/PID/smaps`: glibc's one arena, where the
/// small blocks of every stream live) read every few seconds while `ozen bench serve`'s clients
/// come and go. The end of a soak alone cannot tell a step that stops (freed space kept between
/// blocks in use, once the streams first ran together) from growth that goes on; the most in
/// each fifth of the run can. In the 30-minute soaks of 2026-12-04 it rose from 58–59 to
/// 83–89 MiB within a minute of the four clients' arrival and moved 2–7 MiB after that.
final class ServerHeapWatch: @unchecked Sendable {
    private let condition = NSCondition()
    private var samples: [Double] = []
    private var done = false
    private var finished = false

    init(pid: Int32, every seconds: Double = 5) {
        let thread = Thread { [self] in
            condition.lock()
            while !done {
                condition.unlock()
                let heap = Self.heapMiB(pid: pid)
                condition.lock()
                if let heap { samples.append(heap) }
                _ = condition.wait(until: Date(timeIntervalSinceNow: seconds))
            }
            finished = true
            condition.broadcast()
            condition.unlock()
        }
        thread.name = "ozen-bench-heap"
        thread.start()
    }

    /// Stops the readings; the most of each of `parts` equal stretches of them, in order.
    func stop(parts: Int = 5) -> [Double] {
        condition.lock()
        done = true
        condition.broadcast()
        while !finished { condition.wait() }
        let read = samples
        condition.unlock()
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

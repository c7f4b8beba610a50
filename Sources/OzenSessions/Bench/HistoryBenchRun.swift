import Foundation
import OzenKit
import OzenStore

/// `ozen bench history`: builds a year of daily use in a temporary $OZEN_HOME (removed
/// afterwards) and prints the history's timings against the targets.
public enum HistoryBenchRun {
    /// Runs the bench (365 conversations of 1,000 lines unless told otherwise) in a temporary
    /// folder, handing each printed line to `write` (progress goes to standard error).
    public static func run(conversations: Int?, linesEach: Int?, write: (String) -> Void) throws {
        var bench = HistoryBench()
        if let conversations { bench.conversations = conversations }
        if let linesEach { bench.linesPerConversation = linesEach }
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("ozen-bench-history-\(UUID().uuidString)").path
        defer { try? FileManager.default.removeItem(atPath: folder) }
        write(String(format: tr("בונה שנה: %ld שיחות של %ld שורות…", "building a year: %ld conversations of %ld lines…"),
                     bench.conversations, bench.linesPerConversation))
        let r = try bench.run(in: folder) { FileHandle.standardError.write(Data("  \($0)\n".utf8)) }
        func ms(_ v: Double) -> String { String(format: "%.2f ms", v) }
        func mark(_ ok: Bool) -> String { ok ? "ok" : tr("מעל היעד", "OVER TARGET") }
        write(String(format: "built %d lines in %.1f s", r.lines, r.buildSeconds))
        write("search          p50 \(ms(r.searchP50))  p95 \(ms(r.searchP95))   target p95 ≤ 50 ms  \(mark(r.searchP95 <= 50))")
        write("list, 1st page  p50 \(ms(r.listP50))  p95 \(ms(r.listP95))   target ≤ 20 ms      \(mark(r.listP95 <= 20))")
        write("open at a line  p50 \(ms(r.openP50))  p95 \(ms(r.openP95))")
        let s = r.saving, c = r.caption
        write("save a line     p50 \(ms(s.p50))  p99 \(ms(s.p99))   target p99 ≤ 2 ms   \(mark(s.p99 <= 2))")
        write("  idle upkeep after a line (nobody waits): merge step p99 \(ms(s.mergeStepP99)) (\(s.mergeSteps) steps), checkpoint p99 \(ms(s.checkpointP99))")
        write("  line index segments \(r.segmentsBefore) before, \(s.segments) after")
        write(String(format: "caption step    p50 %.3f ms  p99 %.3f ms saving, p50 %.3f ms  p99 %.3f ms not: p99 ×%.2f",
                     c.savingP50, c.savingP99, c.aloneP50, c.aloneP99, c.savingP99 / max(c.aloneP99, 0.000_001)))
        write("  (the caller's cost per locked line while the writer commits on its own thread)")
        write(String(format: "database        %.1f MB (%.0f bytes a line)", Double(r.databaseBytes) / 1_048_576, Double(r.databaseBytes) / Double(max(1, r.lines))))
        // A p99 of milliseconds moves with whatever else runs: say how busy the machine was.
        var load = [0.0, 0.0, 0.0]
        if getloadavg(&load, 3) == 3 {
            write(String(format: "machine         load %.2f (last minute) on %d cores", load[0], ProcessInfo.processInfo.activeProcessorCount))
        }
    }
}

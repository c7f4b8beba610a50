import Foundation
import OzenKit
import OzenStore

/// `ozen bench history [--conversations N] [--lines N]`: builds a year of daily use in a
/// temporary $OZEN_HOME (removed afterwards) and prints the history's timings against the
/// issue's targets. `BenchCommand` dispatches `bench history` here.
enum HistoryBenchCommand {
    static func run(_ arguments: [String]) throws {
        let args = try ArgumentReader(arguments, options: ["--conversations", "--lines"], flags: [])
        var bench = HistoryBench()
        if let raw = args.value("--conversations") {
            guard let n = Int(raw), n >= 1 else { throw UsageError(tr("‏--conversations צריך מספר שלם מ־1", "--conversations needs a whole number from 1")) }
            bench.conversations = n
        }
        if let raw = args.value("--lines") {
            guard let n = Int(raw), n >= 1 else { throw UsageError(tr("‏--lines צריך מספר שלם מ־1", "--lines needs a whole number from 1")) }
            bench.linesPerConversation = n
        }
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("ozen-bench-history-\(UUID().uuidString)").path
        defer { try? FileManager.default.removeItem(atPath: folder) }
        print(String(format: tr("בונה שנה: %ld שיחות של %ld שורות…", "building a year: %ld conversations of %ld lines…"),
                     bench.conversations, bench.linesPerConversation))
        let r = try bench.run(in: folder) { FileHandle.standardError.write(Data("  \($0)\n".utf8)) }
        func ms(_ v: Double) -> String { String(format: "%.2f ms", v) }
        func mark(_ ok: Bool) -> String { ok ? "ok" : tr("מעל היעד", "OVER TARGET") }
        print(String(format: "built %d lines in %.1f s", r.lines, r.buildSeconds))
        print("search          p50 \(ms(r.searchP50))  p95 \(ms(r.searchP95))   target p95 ≤ 50 ms  \(mark(r.searchP95 <= 50))")
        print("list, 1st page  p50 \(ms(r.listP50))  p95 \(ms(r.listP95))   target ≤ 20 ms      \(mark(r.listP95 <= 20))")
        print("open at a line  p50 \(ms(r.openP50))  p95 \(ms(r.openP95))")
        print("save a line     p50 \(ms(r.saveP50))  p99 \(ms(r.saveP99))   target p99 ≤ 2 ms   \(mark(r.saveP99 <= 2))")
        print("  idle checkpoint after a line (nobody waits) p99 \(ms(r.checkpointP99))")
        print("caption path    record() p99 \(String(format: "%.4f ms", r.recordP99)) (the caller's cost; the write is on the writer thread)")
        print(String(format: "database        %.1f MB (%.0f bytes a line)", Double(r.databaseBytes) / 1_048_576, Double(r.databaseBytes) / Double(max(1, r.lines))))
    }
}

import OzenKit
import OzenSessions

/// `ozen bench history [--conversations N] [--lines N]`: the history's timings over a year of
/// daily use (`HistoryBenchRun`). `BenchCommand` dispatches `bench history` here.
enum HistoryBenchCommand {
    static func run(_ arguments: [String]) throws {
        let args = try ArgumentReader(arguments, options: ["--conversations", "--lines"], flags: [])
        var conversations: Int?, lines: Int?
        if let raw = args.value("--conversations") {
            guard let n = Int(raw), n >= 1 else { throw UsageError(tr("‏--conversations צריך מספר שלם מ־1", "--conversations needs a whole number from 1")) }
            conversations = n
        }
        if let raw = args.value("--lines") {
            guard let n = Int(raw), n >= 1 else { throw UsageError(tr("‏--lines צריך מספר שלם מ־1", "--lines needs a whole number from 1")) }
            lines = n
        }
        try HistoryBenchRun.run(conversations: conversations, linesEach: lines) { print($0) }
    }
}

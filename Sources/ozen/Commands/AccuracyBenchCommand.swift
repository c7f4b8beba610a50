import OzenKit
import OzenSessions

/// `ozen bench accuracy FILE... [--table [--seed N] [--clean-only]] [--held-out | --held-out-only] [--long-turns] [--ablation] [--language L] [--no-realtime | --realtime-only | --file-only] [--lines]`:
/// the live pipeline's locked lines beside the same model decoding offline (`AccuracyBench`
/// says what is measured and how).
enum AccuracyBenchCommand {
    static func run(_ arguments: [String]) throws {
        let args = try ArgumentReader(arguments, options: ["--language", "--seed", "--fixtures"], flags: ["--table", "--long-turns", "--held-out", "--held-out-only", "--clean-only", "--ablation", "--no-realtime", "--realtime-only", "--file-only", "--lines", "--passes"])
        let language = try args.spokenLanguage(default: .english)
        let chosen: [(flag: String, passes: AccuracyBenchSettings.Passes)] = [("--no-realtime", .noRealtime), ("--realtime-only", .realtimeOnly), ("--file-only", .fileOnly)]
            .filter { args.flag($0.0) }
        guard chosen.count <= 1 else {
            throw UsageError(tr("אפשר רק אחד מ־--no-realtime, --realtime-only, --file-only", "only one of --no-realtime, --realtime-only and --file-only can be given"))
        }
        guard !args.flag("--clean-only") || args.flag("--table") else { throw UsageError(tr("--clean-only הולך עם --table", "--clean-only goes with --table")) }
        let table = AccuracyBenchSettings.Table.named(tuned: args.flag("--table"), cleanOnly: args.flag("--clean-only"), heldOut: args.flag("--held-out"),
                                                      heldOutOnly: args.flag("--held-out-only"), longTurns: args.flag("--long-turns"),
                                                      fixtures: args.value("--fixtures"), seed: UInt64(args.value("--seed") ?? "7") ?? 7)
        guard !args.positional.isEmpty || table != nil else {
            throw UsageError(tr("ל־bench accuracy צריך הקלטה אחת לפחות, או --table", "bench accuracy needs at least one recording, or --table"))
        }
        if args.flag("--ablation"), let passes = chosen.first?.passes, passes == .realtimeOnly {
            throw UsageError(tr("--ablation משווה מצב קובץ: אי אפשר יחד עם --realtime-only", "--ablation compares file-mode runs: it cannot go with --realtime-only"))
        }
        var settings = AccuracyBenchSettings(language: language, recordings: args.positional, table: table, passes: chosen.first?.passes ?? (args.flag("--ablation") ? .noRealtime : .all),
                                             showsLines: args.flag("--lines"), showsPasses: args.flag("--passes"))
        settings.ablation = args.flag("--ablation")
        try AccuracyBench.run(settings) { print($0) }
    }
}

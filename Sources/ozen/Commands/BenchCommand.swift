import OzenKit
import OzenSessions

/// `ozen bench latency FILE... [--minutes N] [--fast] [--language L]`: the live pipeline's latency
/// beside a baseline that decodes each utterance once (`LatencyBench`); `bench history`, `sounds`,
/// `serve`, `dictate`, `interpret` and `accuracy` go to their own commands.
enum BenchCommand {
    static func run(_ arguments: [String]) throws {
        if arguments.first == "history" { return try HistoryBenchCommand.run(Array(arguments.dropFirst())) }
        if arguments.first == "sounds" { return try SoundsBenchCommand.run(Array(arguments.dropFirst())) }
        if arguments.first == "serve" { return try ServeBenchCommand.run(Array(arguments.dropFirst())) }
        if arguments.first == "dictate" { return try DictationBenchCommand.run(Array(arguments.dropFirst())) }
        if arguments.first == "interpret" { return try InterpretBenchCommand.run(Array(arguments.dropFirst())) }
        if arguments.first == "accuracy" { return try AccuracyBenchCommand.run(Array(arguments.dropFirst())) }
        guard arguments.first == "latency" else {
            throw UsageError(tr("bench מקבל: latency קובץ... [--minutes N] [--fast] | accuracy קובץ... [--table] | interpret קובץ... | dictate קובץ... | history | sounds קובץ... | serve קובץ...",
                                "bench takes: latency FILE... [--minutes N] [--fast] | accuracy FILE... [--table] | interpret FILE... | dictate FILE... | history | sounds FILE... | serve FILE..."))
        }
        let args = try ArgumentReader(Array(arguments.dropFirst()), options: ["--minutes", "--language"], flags: ["--fast"])
        guard !args.positional.isEmpty else { throw UsageError(tr("ל־bench latency צריך לפחות הקלטה אחת", "bench latency needs at least one recording")) }
        let language = try args.spokenLanguage(default: .english)
        var samples = try LatencyBench.samples(args.positional)
        if let raw = args.value("--minutes") {
            guard let minutes = Double(raw), minutes > 0, minutes <= 600 else { throw UsageError(tr("‏--minutes מקבל מספר בין 0 ל־600", "--minutes takes 0 < N ≤ 600")) }
            samples = LatencyBench.looped(samples, toMinutes: minutes)
        }
        try LatencyBench.run(samples, recordings: args.positional.count, language: language, fast: args.flag("--fast")) { print($0) }
    }
}

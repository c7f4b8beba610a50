import OzenKit
import OzenSessions

/// `ozen bench serve FILE... [--language L] [--model M] [--no-speakers] [--table]
/// [--clients N] [--minutes M] [--idle K] [--seed S]`: how soon a phone's final lines arrive
/// from `ozen serve` (`ServeBench`), or the server under load (`ServeLoadBench`).
enum ServeBenchCommand {
    static func run(_ arguments: [String]) throws {
        let args = try ArgumentReader(arguments, options: ["--language", "--model", "--clients", "--minutes", "--idle", "--seed"],
                                      flags: ["--no-speakers", "--table"])
        guard !args.positional.isEmpty || args.flag("--table") else {
            throw UsageError(tr("ל־bench serve צריך לפחות הקלטה אחת", "bench serve needs at least one recording"))
        }
        let language = try args.spokenLanguage()
        let bench = try ServeBench(ServeBenchSettings(language: language, model: args.value("--model") ?? "base", speakers: !args.flag("--no-speakers"),
                                                      recordings: args.positional, table: args.flag("--table")))
        defer { bench.stop() }
        if args.value("--clients") != nil || args.value("--idle") != nil || args.value("--minutes") != nil {
            func number(_ name: String, _ fallback: Double, _ range: ClosedRange<Double>) throws -> Double {
                guard let text = args.value(name) else { return fallback }
                guard let value = Double(text), range.contains(value) else {
                    throw UsageError(tr("\(name) צריך מספר בין \(range.lowerBound) ל־\(range.upperBound), קיבל '\(text)'",
                                        "\(name) needs a number from \(range.lowerBound) to \(range.upperBound), got '\(text)'"))
                }
                return value
            }
            let options = ServeLoadBench.Options(clients: Int(try number("--clients", 4, 1...32)),
                                                 minutes: try args.value("--minutes").map { _ in try number("--minutes", 1, 0.1...120) },
                                                 idle: Int(try number("--idle", 0, 0...2000)),
                                                 seed: UInt64(try number("--seed", 7, 0...1e9)), language: language.rawValue)
            return try bench.runLoad(options) { print($0) }
        }
        try bench.run { print($0) }
    }
}

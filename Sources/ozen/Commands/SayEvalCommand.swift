import OzenKit
import OzenSessions

/// `ozen say eval [--model NAME] [--lines]`: can a listener make out what `ozen say` says?
/// (`SayEval` says how it is measured.)
enum SayEvalCommand {
    static func run(_ arguments: [String]) throws {
        let args = try ArgumentReader(arguments, options: ["--model"], flags: ["--lines"])
        guard args.positional.isEmpty else { throw UsageError(tr("eval מקבל רק --model ו־--lines", "eval takes only --model and --lines")) }
        if let report = try SayEval.run(modelName: args.value("--model") ?? "base", showsLines: args.flag("--lines")) { print(report) }
    }
}

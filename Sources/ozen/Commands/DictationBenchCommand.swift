import OzenKit
import OzenSessions

/// `ozen bench dictate FILE... [--language L] [--llm] [--no-realtime] [--join] [--texts] [--baseline]
/// [--quiet-before-stop S]`: each recording as a dictation take, timed from the stop to the text
/// ready (`DictationBench` says what is measured).
enum DictationBenchCommand {
    static func run(_ arguments: [String]) throws {
        let args = try ArgumentReader(arguments, options: ["--language", "--quiet-before-stop"], flags: ["--llm", "--no-realtime", "--join", "--texts", "--baseline"])
        guard !args.positional.isEmpty else {
            throw UsageError(tr("bench dictate צריך הקלטות", "bench dictate needs recordings"))
        }
        let language = try args.spokenLanguage(default: .english)
        let settings = DictationBenchSettings(language: language, recordings: args.positional, llm: args.flag("--llm"),
                                              realtime: !args.flag("--no-realtime"), join: args.flag("--join"), showsTexts: args.flag("--texts"),
                                              baseline: args.flag("--baseline"), quietBeforeStop: Double(args.value("--quiet-before-stop") ?? "0") ?? -1)
        try DictationBench.run(settings) { print($0) }
    }
}

import OzenKit
import OzenSessions

/// `ozen bench interpret FILE... [--from L] [--second-pass URL] [--no-realtime] [--sentences]`:
/// the interpreter on recordings with reference translations, beside Whisper translating
/// each sentence offline (`InterpretBench` says what is measured).
enum InterpretBenchCommand {
    static func run(_ arguments: [String]) throws {
        let args = try ArgumentReader(arguments, options: ["--from", "--second-pass"], flags: ["--no-realtime", "--sentences"])
        guard !args.positional.isEmpty else {
            throw UsageError(tr("bench interpret צריך הקלטות עם conversation.tsv לידן", "bench interpret needs recordings with a conversation.tsv beside them"))
        }
        let settings = InterpretBenchSettings(recordings: args.positional, from: args.value("--from"), secondPass: args.value("--second-pass"),
                                              realtime: !args.flag("--no-realtime"), showsSentences: args.flag("--sentences"))
        try InterpretBench.run(settings) { print($0) }
    }
}

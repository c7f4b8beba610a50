import Foundation
import OzenKit
import OzenSessions

/// `ozen interpret [FILE [--realtime] | --device D]`: the other person's speech (Swedish unless
/// `--from` says otherwise) shown in English a few seconds behind (`InterpretSession`). This
/// reads the arguments into `InterpretSettings`, each refused as it is read.
enum InterpretCommand {
    static func run(_ arguments: [String]) throws {
        if arguments.first == "provider" { return try ProviderCommand.run(Array(arguments.dropFirst()), purpose: .interpreter) }
        let args = try ArgumentReader(arguments, options: ["--from", "--device", "--model", "--final-model", "--second-pass", "--translator"],
                                      flags: ["--json", "--realtime", "--no-save", "--fallback-default"])
        guard args.positional.count <= 1 else {
            throw UsageError(tr("interpret מקבל הקלטה אחת, קיבל \(args.positional.count)", "interpret takes one recording, got \(args.positional.count)"))
        }
        let path = args.positional.first
        guard path == nil || args.value("--device") == nil else {
            throw UsageError(tr("interpret מקבל הקלטה או --device, לא את שניהם", "interpret takes a recording or --device, not both"))
        }
        let interpreter = try interpreterSettings(args)
        let home = OzenHome.fromEnvironment()

        // A recording or a microphone that is not there is her fix, said before any model loads.
        let source: InterpretSettings.Source
        if let path {
            source = .recording(try WAVDecoder().read(path: path))
        } else {
            source = .microphone(try ListeningSources.input(args.value("--device"), fallbackToDefault: args.flag("--fallback-default"),
                                                            widensForSounds: false))
        }
        var settings = InterpretSettings(home: home, source: source, interpreter: interpreter, modelName: args.value("--model") ?? "base",
                                         recognizer: try PipelineSettings.recognizer())
        settings.reviewer = try InterpreterChoices.secondPass(args.value("--second-pass"))
        settings.finalModelName = args.value("--final-model")
        settings.json = args.flag("--json")
        settings.saves = !args.flag("--no-save")
        settings.realtime = args.flag("--realtime")
        settings.translator = try InterpreterChoices.translator(args.value("--translator"), home: home)
        try InterpretSession(settings: settings).run(to: EventPrinter(json: settings.json, showsStatus: true, showsLines: false).print)
    }

    static func interpreterSettings(_ args: ArgumentReader) throws -> InterpreterSettings {
        let code = args.value("--from") ?? "sv"
        guard let language = SpokenLanguage(rawValue: code), language != .auto else {
            throw UsageError(tr("--from צריך קוד שפה של Whisper (sv, fr, it…), קיבל '\(code)' — שפת המקור נקבעת, לא מנוחשת",
                                "--from needs a Whisper language code (sv, fr, it…), got '\(code)' — the source language is pinned, never guessed"))
        }
        return InterpreterSettings(language: language)
    }
}

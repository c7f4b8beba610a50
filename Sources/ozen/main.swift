// `ozen`: live captions of conversation, on this computer. This file only dispatches;
// each command lives in Commands/, one per file.
import Foundation
import OzenKit

Launch.ensureEnvironment()

var arguments = Array(CommandLine.arguments.dropFirst())
let name = arguments.isEmpty ? "help" : arguments.removeFirst()
let commands: [String: ([String]) throws -> Void] = [
    "caption": CaptionCommand.run,
    "listen": ListenCommand.run,
    "interpret": InterpretCommand.run,
    "dictate": DictateCommand.run,
    "devices": DevicesCommand.run,
    "serve": ServeCommand.run,
    "service": ServiceCommand.run,
    "bench": BenchCommand.run,
    "words": WordsCommand.run,
    "speakers": SpeakersCommand.run,
    "sounds": SoundsCommand.run,
    "models": ModelsCommand.run,
    "diagnostics": DiagnosticsCommand.run,
    "first-run": FirstRunCommand.run,
    "text": TextCommand.run,
    "history": HistoryCommand.run,
    "say": SayCommand.run,
    "version": VersionCommand.run,
    "help": { _ in print(Usage.text) },
    "--help": { _ in print(Usage.text) },
    "-h": { _ in print(Usage.text) },
]
// `ozen serve --help` and `ozen help serve`: that command's entries of the usage, not an error.
let asksForHelp = name == "help" ? !arguments.isEmpty : arguments.contains("--help") || arguments.contains("-h")
if asksForHelp, name == "help" || commands[name] != nil {
    let words = name == "help" ? arguments : [name] + arguments.prefix { !$0.hasPrefix("-") }
    print(Usage.help(for: words))
    exit(0)
}
guard let command = commands[name] else {
    Exit.fail(.usage, tr("פקודה לא מוכרת '\(name)' — הריצו `ozen help` כדי לראות את הפקודות",
                        "unknown command '\(name)' — run `ozen help` to see the commands"))
}
do {
    try command(arguments)
} catch {
    Exit.fail(Exit.code(for: error), String(describing: error))
}

import Foundation
import OzenKit
import OzenSessions

/// `ozen say TEXT... [--language he|en|sv] [--out FILE.wav] | --phrase N | --again | --save-phrase`,
/// `ozen say phrases`, `ozen say eval`: she types, the computer says it, so she can answer.
///
/// The sentence is kept as the last one said (`$OZEN_HOME/last-said.txt`) before anything can
/// fail: with no speaker it is still there for `--again` or `--save-phrase`. With no speaker the
/// command stops with exit 78 (the machine's setup, like a missing model) and one line naming
/// `--out FILE.wav`, which writes the voice to a WAV file instead of playing it.
enum SayCommand {
    static func run(_ arguments: [String]) throws {
        switch arguments.first {
        case "phrases": return try listPhrases(Array(arguments.dropFirst()))
        case "eval": return try SayEvalCommand.run(Array(arguments.dropFirst()))
        default: break
        }
        try say(arguments)
    }

    static func say(_ arguments: [String]) throws {
        let args = try ArgumentReader(arguments, options: ["--language", "--out", "--phrase"], flags: ["--again", "--save-phrase"])
        let language = try args.spokenLanguageIfGiven(among: [.hebrew, .english, .swedish])
        var phrase: Int?
        if let raw = args.value("--phrase") {
            guard let number = Int(raw) else { throw UsageError(tr("‏--phrase מקבל מספר מתוך `ozen say phrases`", "--phrase takes a number from `ozen say phrases`")) }
            phrase = number
        }
        let request = SaySession.Request(typed: args.positional.joined(separator: " ").trimmingCharacters(in: .whitespacesAndNewlines),
                                         phrase: phrase, again: args.flag("--again"), savesPhrase: args.flag("--save-phrase"),
                                         language: language, out: args.value("--out"))
        try SaySession.run(request, home: OzenHome.fromEnvironment()) { print($0) }
    }

    static func listPhrases(_ rest: [String]) throws {
        guard rest.isEmpty else { throw UsageError(tr("phrases לא מקבל עוד מילים", "phrases takes nothing more")) }
        let phrases: ReadyPhrases
        do {
            phrases = try ReadyPhrases.load(from: ReadyPhrases.path(in: OzenHome.fromEnvironment()))
        } catch {
            Exit.fail(.badInput, error.description)
        }
        for (i, phrase) in phrases.phrases.enumerated() { print("\(i + 1)\t\(phrase.text)") }
    }
}

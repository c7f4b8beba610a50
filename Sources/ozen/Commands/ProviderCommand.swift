import Foundation
import OzenKit
import OzenSessions

/// `ozen interpret provider set|show|test`: the OpenAI-compatible chat provider the LLM
/// translator uses; `ozen dictate provider …` dictation's polish; `ozen caption provider …` the
/// transcription endpoint of cloud captions (its presets are transcription ones). The work is
/// `ProviderChoice`'s.
///
///     provider set (--preset NAME | --base-url URL) [--model M] [--timeout S] [--key-stdin]
///                  [--api transcriptions|chat-audio|elevenlabs|deepgram]   (captions: how a line's audio is sent)
///     provider show        base URL, model, and the key masked
///     provider test        one short request, and what came back or why not
///
/// The key is read from stdin (`--key-stdin`), never from the command line, where other
/// users' `ps` would see it; or it comes from `OZEN_API_KEY`.
enum ProviderCommand {
    static func run(_ arguments: [String], purpose: ProviderPurpose) throws {
        let provider = ProviderChoice(purpose: purpose, home: OzenHome.fromEnvironment())
        let verb = arguments.first ?? "show"
        let rest = Array(arguments.dropFirst())
        switch verb {
        case "set":
            let args = try ArgumentReader(rest, options: Set(["--preset", "--base-url", "--model", "--timeout"] + (purpose == .captions ? ["--api"] : [])),
                                          flags: ["--key-stdin"])
            var request = ProviderChoice.Request()
            request.preset = args.value("--preset")
            request.baseURL = args.value("--base-url")
            request.model = args.value("--model")
            request.timeout = args.value("--timeout")
            request.api = args.value("--api")
            if args.flag("--key-stdin") {
                request.key = readLine(strippingNewline: true)?.trimmingCharacters(in: .whitespaces)
            }
            let settings = try provider.set(request)
            print(tr("נשמר: \(settings.baseURL) · \(settings.model) · מפתח \(settings.maskedKey)",
                     "saved: \(settings.baseURL) · \(settings.model) · key \(settings.maskedKey)"))
        case "show":
            let settings = try provider.current()
            print("base_url \(settings.baseURL)\nmodel    \(settings.model)\nkey      \(settings.maskedKey)\ntimeout  \(Int(settings.timeout)) s"
                  + (purpose == .captions ? "\napi      \(settings.captionAPI.rawValue)" : ""))
        case "test":
            let (seconds, answer) = try provider.test()
            print(purpose == .captions
                  ? String(format: tr("ענה תוך %.1f שניות: '%@'", "answered in %.1f s: '%@'"), seconds, answer)
                  : String(format: tr("ענה תוך %.1f שניות: %@", "answered in %.1f s: %@"), seconds, answer))
        default:
            throw UsageError(tr("provider מקבל set, show או test", "provider takes set, show or test"))
        }
    }
}

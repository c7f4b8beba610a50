import Foundation
import OzenIO
import OzenKit
import OzenSessions

/// `ozen interpret provider set|show|test`: the OpenAI-compatible chat provider the LLM
/// translator uses; `ozen dictate provider …` dictation's polish; `ozen caption provider …` the
/// transcription endpoint of cloud captions (its presets are transcription ones).
///
///     provider set (--preset NAME | --base-url URL) [--model M] [--timeout S] [--key-stdin]
///                  [--api transcriptions|chat-audio|elevenlabs|deepgram]   (captions: how a line's audio is sent)
///     provider show        base URL, model, and the key masked
///     provider test        one short request, and what came back or why not
///
/// The key is read from stdin (`--key-stdin`), never from the command line, where other
/// users' `ps` would see it; or it comes from `OZEN_API_KEY`.
enum ProviderCommand {
    static func run(_ arguments: [String], purpose: ProviderStore.Purpose) throws {
        let store = ProviderStore(home: OzenHome.fromEnvironment())
        let verb = arguments.first ?? "show"
        let rest = Array(arguments.dropFirst())
        switch verb {
        case "set":
            let args = try ArgumentReader(rest, options: Set(["--preset", "--base-url", "--model", "--timeout"] + (purpose == .captions ? ["--api"] : [])),
                                          flags: ["--key-stdin"])
            var base = args.value("--base-url"), model = args.value("--model")
            var api = CaptionAPI.transcriptions
            if let name = args.value("--preset") {
                let presets = purpose == .captions ? ProviderSettings.transcriptionPresets
                    : ProviderSettings.presets.map { CaptionPreset(name: $0.name, baseURL: $0.baseURL, model: $0.model, dollarsPerMinute: nil, api: .transcriptions) }
                guard let preset = presets.first(where: { $0.name == name.lowercased() }) else {
                    throw UsageError(tr("אין ספק מוכן בשם '\(name)' — יש: ", "no preset named '\(name)' — there are: ")
                                     + presets.map { $0.name }.joined(separator: ", "))
                }
                base = base ?? preset.baseURL
                model = model ?? preset.model
                api = preset.api
            }
            if let named = args.value("--api") {
                guard let chosen = CaptionAPI(rawValue: named) else {
                    throw UsageError(tr("--api הוא transcriptions,‏ chat-audio,‏ elevenlabs או deepgram, קיבל '\(named)'",
                                        "--api is transcriptions, chat-audio, elevenlabs or deepgram, got '\(named)'"))
                }
                api = chosen
            }
            guard let base, let url = URL(string: base), ["http", "https"].contains(url.scheme?.lowercased() ?? ""), url.host != nil else {
                throw UsageError(tr("צריך --base-url http(s)://… או --preset", "give --base-url http(s)://… or --preset"))
            }
            var timeout = 20.0
            if let raw = args.value("--timeout") {
                guard let value = Double(raw), (1...120).contains(value) else {
                    throw UsageError(tr("--timeout הוא שניות בין 1 ל־120", "--timeout is seconds from 1 to 120"))
                }
                timeout = value
            }
            var key: String?
            if args.flag("--key-stdin") {
                key = readLine(strippingNewline: true)?.trimmingCharacters(in: .whitespaces)
            }
            let settings = ProviderSettings(baseURL: base, model: model ?? "", apiKey: key, timeout: timeout, captionAPI: api)
            try store.save(settings, purpose: purpose)
            print(tr("נשמר: \(settings.baseURL) · \(settings.model) · מפתח \(settings.maskedKey)",
                     "saved: \(settings.baseURL) · \(settings.model) · key \(settings.maskedKey)"))
        case "show":
            let settings = try store.load(purpose: purpose)
            print("base_url \(settings.baseURL)\nmodel    \(settings.model)\nkey      \(settings.maskedKey)\ntimeout  \(Int(settings.timeout)) s"
                  + (purpose == .captions ? "\napi      \(settings.captionAPI.rawValue)" : ""))
        case "test" where purpose == .captions:
            let settings = try store.load(purpose: purpose)
            let started = Date()
            // A second of quiet noise: enough for an answer, and nothing she said leaves the computer.
            let quiet = (0..<16_000).map { Float(($0 * 7919) % 200 - 100) / 100_000 }
            let wav = Array(WAVEncoder(format: .pcm16, sampleRate: 16_000).encode(quiet))
            let client = OpenAIClient(provider: settings)
            let heard = switch settings.captionAPI {
            case .chatAudio: try client.transcribeByChat(wav: wav, instructions: ChatTranscription.instructions(languageName: "English", names: []))
            case .elevenLabs: try client.transcribeByElevenLabs(wav: wav, language: "en").text
            case .deepgram: try client.transcribeByDeepgram(wav: wav, language: "en").text
            case .transcriptions: try client.transcribe(wav: wav, language: "en")
            }
            print(String(format: tr("ענה תוך %.1f שניות: '%@'", "answered in %.1f s: '%@'"), Date().timeIntervalSince(started), heard))
        case "test":
            let settings = try store.load(purpose: purpose)
            let started = Date()
            let answer = try LLMTranslator(provider: settings).translate(
                SentenceToTranslate(audio: [], source: "Tack så mycket.", language: .swedish))
            print(String(format: tr("ענה תוך %.1f שניות: %@", "answered in %.1f s: %@"), Date().timeIntervalSince(started), answer))
        default:
            throw UsageError(tr("provider מקבל set, show או test", "provider takes set, show or test"))
        }
    }
}

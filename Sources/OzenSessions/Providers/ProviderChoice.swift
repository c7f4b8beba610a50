import Foundation
import OzenIO
import OzenKit

/// What her providers are for: the interpreter's translator, dictation's polish, cloud captions.
public typealias ProviderPurpose = ProviderStore.Purpose

/// `ozen interpret|dictate|caption provider set|show|test`, as library calls: the provider a
/// purpose uses, kept with its key 0600 in `$OZEN_HOME/providers` (`ProviderStore`). The command
/// reads the options and the key from stdin, and prints what these return.
public struct ProviderChoice {
    /// What `provider set` was given, as typed.
    public struct Request: Sendable {
        public var preset: String?
        public var baseURL: String?
        public var model: String?
        /// Seconds, 1 to 120; nil: 20.
        public var timeout: String?
        /// How cloud captions send a line's audio (captions only).
        public var api: String?
        /// Nil: the key stays unset (`OZEN_API_KEY` can give it).
        public var key: String?

        public init() {}
    }

    public let purpose: ProviderPurpose
    private let store: ProviderStore

    public init(purpose: ProviderPurpose, home: OzenHome) {
        self.purpose = purpose
        store = ProviderStore(home: home)
    }

    /// Checks `request` and saves it; what was saved. A preset that is not one names those
    /// there are; a bad address, timeout or API says what to type.
    public func set(_ request: Request) throws -> ProviderSettings {
        var base = request.baseURL, model = request.model
        var api = CaptionAPI.transcriptions
        if let name = request.preset {
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
        if let named = request.api {
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
        if let raw = request.timeout {
            guard let value = Double(raw), (1...120).contains(value) else {
                throw UsageError(tr("--timeout הוא שניות בין 1 ל־120", "--timeout is seconds from 1 to 120"))
            }
            timeout = value
        }
        let settings = ProviderSettings(baseURL: base, model: model ?? "", apiKey: request.key, timeout: timeout, captionAPI: api)
        try store.save(settings, purpose: purpose)
        return settings
    }

    /// The provider kept for this purpose (the key is the caller's to mask).
    public func current() throws -> ProviderSettings { try store.load(purpose: purpose) }

    /// One short request to the provider: the seconds it took and what came back. Cloud
    /// captions are sent a second of quiet noise (nothing she said leaves the computer); the
    /// translator and the polish a short Swedish sentence to translate.
    public func test() throws -> (seconds: Double, answer: String) {
        let settings = try store.load(purpose: purpose)
        let started = Date()
        let answer: String
        if purpose == .captions {
            let quiet = (0..<16_000).map { Float(($0 * 7919) % 200 - 100) / 100_000 }
            let wav = Array(WAVEncoder(format: .pcm16, sampleRate: 16_000).encode(quiet))
            let client = OpenAIClient(provider: settings)
            answer = switch settings.captionAPI {
            case .chatAudio: try client.transcribeByChat(wav: wav, instructions: ChatTranscription.instructions(languageName: "English", names: []))
            case .elevenLabs: try client.transcribeByElevenLabs(wav: wav, language: "en").text
            case .deepgram: try client.transcribeByDeepgram(wav: wav, language: "en").text
            case .transcriptions: try client.transcribe(wav: wav, language: "en")
            }
        } else {
            answer = try LLMTranslator(provider: settings).translate(SentenceToTranslate(audio: [], source: "Tack så mycket.", language: .swedish))
        }
        return (Date().timeIntervalSince(started), answer)
    }
}

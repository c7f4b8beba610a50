/// An OpenAI-compatible provider she chose: where it is, which model, and her key.
///
/// The base URL is stored as given ("https://api.deepseek.com/v1", "http://127.0.0.1:8080/v1")
/// and paths are appended to it (`/chat/completions`, `/audio/transcriptions`), never a
/// hard-coded host. The key is kept in a file only she can read (0600) or given in
/// `OZEN_API_KEY`; it is never logged and never shown whole (`maskedKey`).
public struct ProviderSettings: Sendable, Equatable {
    public var baseURL: String
    public var model: String
    public var apiKey: String?
    /// Seconds the whole answer may take before the fallback is used.
    public var timeout: Double
    /// How cloud captions send a line's audio (the other purposes always chat in text).
    public var captionAPI: CaptionAPI

    public init(baseURL: String, model: String, apiKey: String? = nil, timeout: Double = 20, captionAPI: CaptionAPI = .transcriptions) {
        self.baseURL = baseURL
        self.model = model
        self.apiKey = apiKey
        self.timeout = timeout
        self.captionAPI = captionAPI
    }

    /// The URL of `path` under the base URL; a base URL with no path at all gets `/v1`.
    public func url(_ path: String) -> String {
        var base = baseURL
        while base.hasSuffix("/") { base.removeLast() }
        if let scheme = base.range(of: "://"), !base[scheme.upperBound...].contains("/") { base += "/v1" }
        return base + path
    }

    /// "sk-a…9f2c": enough to tell two keys apart, never enough to use one.
    public var maskedKey: String {
        guard let key = apiKey, !key.isEmpty else { return tr("(אין מפתח)", "(no key)") }
        guard key.count > 10 else { return String(repeating: "•", count: key.count) }
        return "\(key.prefix(4))…\(key.suffix(4))"
    }

    /// Known providers' base URLs, for `provider set --preset NAME`.
    public static let presets: [(name: String, baseURL: String, model: String)] = [
        ("openai", "https://api.openai.com/v1", "gpt-4o-mini"),
        ("deepseek", "https://api.deepseek.com/v1", "deepseek-chat"),
        ("qwen", "https://dashscope-intl.aliyuncs.com/compatible-mode/v1", "qwen-plus"),
        ("moonshot", "https://api.moonshot.ai/v1", "moonshot-v1-8k"),
        ("openrouter", "https://openrouter.ai/api/v1", "openai/gpt-4o-mini"),
    ]
}

/// How cloud captions send each closed line's audio.
public enum CaptionAPI: String, Sendable, Equatable, CaseIterable {
    /// An OpenAI-compatible `/audio/transcriptions` endpoint: a WAV in, the words out.
    case transcriptions
    /// An OpenAI-compatible `/chat/completions` endpoint of a model that hears audio (OpenRouter,
    /// Gemini's OpenAI-compatible endpoint): the WAV as an `input_audio` part, the language and
    /// her names in the instructions, and each change of speaker on its own line of the answer
    /// (`ChatTranscription`).
    case chatAudio = "chat-audio"
    /// ElevenLabs' speech-to-text (`/speech-to-text`, key in `xi-api-key`): the WAV with the
    /// line's language, asked for word times and speakers; its words keep their own times and
    /// each change of speaker starts a line (`CloudTranscript.elevenLabs`).
    case elevenLabs = "elevenlabs"
    /// Deepgram's pre-recorded transcription (`/listen`, key as `Authorization: Token`): the WAV
    /// as the body, the language, smart formatting and speakers asked for in the query; as for
    /// ElevenLabs, its words keep their times and each change of speaker starts a line
    /// (`CloudTranscript.deepgram`).
    case deepgram
}

/// A known cloud-captions provider, for `ozen caption provider set --preset NAME`.
public struct CaptionPreset: Sendable {
    public var name: String
    public var baseURL: String
    public var model: String
    /// Its published price per minute of speech sent, where known.
    public var dollarsPerMinute: Double?
    public var api: CaptionAPI

    public init(name: String, baseURL: String, model: String, dollarsPerMinute: Double?, api: CaptionAPI) {
        self.name = name
        self.baseURL = baseURL
        self.model = model
        self.dollarsPerMinute = dollarsPerMinute
        self.api = api
    }
}

extension ProviderSettings {
    /// Cloud-caption providers, with their published price per minute of audio where known.
    /// OpenAI's and Groq's from their price pages (2025; Groq bills at least 10 s a request).
    /// Gemini 2.5 Flash, directly or through OpenRouter: audio in at $1.00 per million tokens,
    /// 32 tokens a second (Google's pricing and audio pages), plus the words out, about $0.15
    /// an hour of speech, as the Ozen app's own cloud path was measured. `ozen` is another
    /// computer's `ozen serve`.
    public static let transcriptionPresets: [CaptionPreset] = [
        CaptionPreset(name: "openai", baseURL: "https://api.openai.com/v1", model: "whisper-1", dollarsPerMinute: 0.006, api: .transcriptions),
        CaptionPreset(name: "openai-mini", baseURL: "https://api.openai.com/v1", model: "gpt-4o-mini-transcribe", dollarsPerMinute: 0.003, api: .transcriptions),
        CaptionPreset(name: "groq", baseURL: "https://api.groq.com/openai/v1", model: "whisper-large-v3", dollarsPerMinute: 0.111 / 60, api: .transcriptions),
        CaptionPreset(name: "groq-turbo", baseURL: "https://api.groq.com/openai/v1", model: "whisper-large-v3-turbo", dollarsPerMinute: 0.04 / 60, api: .transcriptions),
        CaptionPreset(name: "openrouter", baseURL: "https://openrouter.ai/api/v1", model: "google/gemini-2.5-flash", dollarsPerMinute: 0.15 / 60, api: .chatAudio),
        CaptionPreset(name: "gemini", baseURL: "https://generativelanguage.googleapis.com/v1beta/openai", model: "gemini-2.5-flash",
                      dollarsPerMinute: 0.15 / 60, api: .chatAudio),
        // ElevenLabs' and Deepgram's prices per hour depend on her plan and on speakers being
        // asked for (their pricing pages): not shown.
        CaptionPreset(name: "elevenlabs", baseURL: "https://api.elevenlabs.io/v1", model: "scribe_v2", dollarsPerMinute: nil, api: .elevenLabs),
        CaptionPreset(name: "deepgram", baseURL: "https://api.deepgram.com/v1", model: "nova-3", dollarsPerMinute: nil, api: .deepgram),
        CaptionPreset(name: "ozen", baseURL: "http://127.0.0.1:8765/v1", model: "", dollarsPerMinute: nil, api: .transcriptions),
    ]

    /// Dollars per hour of speech sent, when this provider and model are a known preset.
    public var dollarsPerHourOfSpeech: Double? {
        Self.transcriptionPresets.first { $0.baseURL == baseURL && $0.model == model }?.dollarsPerMinute.map { $0 * 60 }
    }
}

/// One message of a chat-completions request.
public struct ChatMessage: Sendable, Equatable {
    public var role: String
    public var content: String
    public init(role: String, content: String) {
        self.role = role
        self.content = content
    }
}

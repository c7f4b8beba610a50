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

    public init(baseURL: String, model: String, apiKey: String? = nil, timeout: Double = 20) {
        self.baseURL = baseURL
        self.model = model
        self.apiKey = apiKey
        self.timeout = timeout
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

extension ProviderSettings {
    /// Transcription endpoints for cloud captions (`ozen caption provider set --preset NAME`),
    /// with their published price per minute of audio where known (OpenAI's and Groq's price
    /// pages, 2025; Groq bills at least 10 s a request). `ozen` is another computer's `ozen serve`.
    public static let transcriptionPresets: [(name: String, baseURL: String, model: String, dollarsPerMinute: Double?)] = [
        ("openai", "https://api.openai.com/v1", "whisper-1", 0.006),
        ("openai-mini", "https://api.openai.com/v1", "gpt-4o-mini-transcribe", 0.003),
        ("groq", "https://api.groq.com/openai/v1", "whisper-large-v3", 0.111 / 60),
        ("groq-turbo", "https://api.groq.com/openai/v1", "whisper-large-v3-turbo", 0.04 / 60),
        ("ozen", "http://127.0.0.1:8765/v1", "", nil),
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

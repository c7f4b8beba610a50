import Foundation
import OzenKit

/// The interpreter's second pass: each closed sentence's audio goes to an OpenAI-compatible
/// `POST /v1/audio/transcriptions` (and `/v1/audio/translations`) on her own bigger computer,
/// `ozen serve` with a bigger model or any server that speaks those endpoints.
///
/// 15 s per request at most: the second pass runs on its own thread, so a slow answer only
/// delays its check mark, never the next sentence.
public struct SecondPassClient: SentenceReviewer {
    public let client: OpenAIClient
    public var name: String { client.provider.baseURL }

    /// `baseURL` such as "http://192.168.1.20:8765" or ".../v1"; `token` is the pairing token
    /// of an `ozen serve --lan` there (`OZEN_SECOND_PASS_TOKEN`).
    public init(baseURL: String, token: String? = OzenEnvironment.current.secondPassToken,
                timeout: Double = 15) throws(ProviderFailure) {
        let provider = ProviderSettings(baseURL: baseURL, model: "", apiKey: token, timeout: timeout)
        guard let url = URL(string: provider.url("/audio/transcriptions")), let scheme = url.scheme?.lowercased(),
              ["http", "https"].contains(scheme), url.host != nil else {
            throw ProviderFailure.badAddress(baseURL)
        }
        client = OpenAIClient(provider: provider)
    }

    public func hear(audio: [Float], language: SpokenLanguage) throws -> String {
        try client.transcribe(wav: Self.wav(audio), language: language.whisperCode)
    }

    public func translate(audio: [Float], language: SpokenLanguage, previousEnglish: String?) throws -> String? {
        do {
            return try client.transcribe(wav: Self.wav(audio), language: language.whisperCode, prompt: previousEnglish, translate: true)
        } catch {
            if Self.hasNoTranslations(error) { return nil }
            throw error
        }
    }

    /// A server without `/audio/translations` answers 404 or 405: it can only transcribe.
    static func hasNoTranslations(_ failure: ProviderFailure) -> Bool {
        if case .refused(let status, _) = failure { return status == 404 || status == 405 }
        return false
    }

    static func wav(_ samples: [Float]) -> [UInt8] { Array(WAVEncoder(format: .pcm16, sampleRate: MonoAudio.speechRate).encode(samples)) }
}


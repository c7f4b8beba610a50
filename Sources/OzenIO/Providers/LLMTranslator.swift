import Foundation
import OzenKit

/// The interpreter's `llm` translator: the sentence's text (never its audio) to an
/// OpenAI-compatible chat model she configured, with the earlier sentences as context marked
/// not to be translated (`TranslationPrompt`). An error, a timeout or an empty answer throws,
/// and the interpreter uses Whisper's translation of that sentence instead.
public struct LLMTranslator: SentenceTranslator {
    public let name = "llm"
    let client: OpenAIClient

    public init(provider: ProviderSettings) { client = OpenAIClient(provider: provider) }

    public func translate(_ sentence: SentenceToTranslate) throws -> String {
        let answer = try client.chat(TranslationPrompt.messages(for: sentence), maxTokens: 200)
        return TranslationPrompt.english(fromAnswer: answer)
    }
}

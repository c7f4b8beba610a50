import Foundation
import OzenKit

/// Turns a take's raw text into what is inserted: `off` (as heard), `local` (`LocalPolish`,
/// offline), or `llm` (an OpenAI-compatible chat model she set with `ozen dictate provider set`;
/// only the text is sent, never audio). An LLM answer is kept only if `PolishCheck` says it is
/// a cleaning of what was said; an error, a timeout, a 401/429/5xx, an empty answer or an answer
/// to the text gives the local polish instead, and `note` says why.
public struct DictationPolisher: Sendable {
    public enum Mode: String, Sendable, CaseIterable { case off, local, llm }

    public struct Result: Sendable, Equatable {
        public var text: String
        /// What made `text`: "off", "local", or "llm MODEL".
        public var polish: String
        /// Why the LLM's answer was not used, when it was not.
        public var note: String?
    }

    public let mode: Mode
    public let provider: ProviderSettings?

    public init(mode: Mode, provider: ProviderSettings? = nil) {
        self.mode = mode
        self.provider = provider
    }

    public func polish(_ raw: String, language: String) -> Result {
        switch mode {
        case .off: return Result(text: raw, polish: "off", note: nil)
        case .local: return Result(text: LocalPolish.cleaned(raw), polish: "local", note: nil)
        case .llm:
            let local = LocalPolish.cleaned(raw)
            guard let provider else {
                return Result(text: local, polish: "local", note: tr("לא הוגדר ספק LLM", "no LLM provider is set"))
            }
            guard !raw.trimmingCharacters(in: .whitespacesAndNewlines).isEmpty else { return Result(text: "", polish: "local", note: nil) }
            do {
                let answer = PolishPrompt.text(fromAnswer: try OpenAIClient(provider: provider).chat(
                    PolishPrompt.messages(for: raw, language: language), maxTokens: max(200, raw.count)))
                switch PolishCheck.judge(raw: raw, answer: answer) {
                case .cleaning: return Result(text: answer, polish: "llm " + provider.model, note: nil)
                case .rejected(let reason):
                    return Result(text: local, polish: "local", note: tr("תשובת ה־LLM לא נלקחה: \(reason)", "the LLM's answer was not used: \(reason)"))
                }
            } catch {
                return Result(text: local, polish: "local", note: tr("ה־LLM לא ענה: \(error)", "the LLM did not answer: \(error)"))
            }
        }
    }
}

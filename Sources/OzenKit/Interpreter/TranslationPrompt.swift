import Foundation

/// What the LLM translator asks an OpenAI-compatible chat model: the earlier sentences and their
/// English as context marked not to be translated, then the one new sentence; and how its
/// answer is read back (only the new sentence's English, quotes and labels taken off).
public enum TranslationPrompt {
    public static func messages(for sentence: SentenceToTranslate) -> [ChatMessage] {
        let language = Locale(identifier: "en").localizedString(forLanguageCode: sentence.language.rawValue) ?? sentence.language.rawValue
        var system = "You are an interpreter. Translate the sentence the user gives from \(language) into English. "
        system += "Answer with the English translation of that one sentence only: no notes, no quotes, no explanation."
        var user = ""
        if !sentence.context.isEmpty {
            user += "Earlier in the conversation (context only, do not translate it again):\n"
            for earlier in sentence.context { user += "\(earlier.source) = \(earlier.english)\n" }
            user += "\nTranslate only this sentence:\n"
        }
        user += sentence.source
        return [ChatMessage(role: "system", content: system), ChatMessage(role: "user", content: user)]
    }

    /// The English in a model's answer: the first non-empty line, without a "Translation:"
    /// label or surrounding quotes. Empty when there is none.
    public static func english(fromAnswer answer: String) -> String {
        var text = answer.trimmingCharacters(in: .whitespacesAndNewlines)
        if let line = text.split(whereSeparator: \.isNewline).first(where: { !$0.trimmingCharacters(in: .whitespaces).isEmpty }) {
            text = line.trimmingCharacters(in: .whitespaces)
        }
        for label in ["English:", "Translation:", "English translation:"] where text.lowercased().hasPrefix(label.lowercased()) {
            text = text.dropFirst(label.count).trimmingCharacters(in: .whitespaces)
        }
        let quotes: [(Character, Character)] = [("\"", "\""), ("“", "”"), ("'", "'")]
        for (open, close) in quotes where text.count >= 2 && text.first == open && text.last == close {
            text = String(text.dropFirst().dropLast())
        }
        return text
    }
}

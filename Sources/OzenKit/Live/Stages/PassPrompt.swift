import Foundation

/// What a pass is primed with. Live passes are primed with the line's earlier words; final
/// passes with the names list first, and (only with `primesFinalsWithConversation`) the end
/// of the conversation's locked text before them.
struct PassPrompt {
    /// The open line's words already final.
    let line: [String]
    /// The end of the conversation's locked text.
    let conversation: String
    /// Her words list as a prompt; nil: no list.
    let names: String?
    let settings: LiveSettings

    /// The line's earlier words (every pass), after the names list (final passes only).
    var withNames: String? { text(withNames: true) }

    func text(withNames: Bool) -> String? {
        let line = line.joined(separator: " ")
        let context = withNames && settings.primesFinalsWithConversation ? (conversation + " " + line) : line
        let trimmed = context.trimmingCharacters(in: .whitespaces)
        let earlier = trimmed.isEmpty ? nil : String(trimmed.suffix(settings.promptCharacters))
        let parts = [withNames ? names : nil, earlier].compactMap { $0 }
        return parts.isEmpty ? nil : parts.joined(separator: " ")
    }
}

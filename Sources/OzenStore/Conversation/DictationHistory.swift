import Foundation
import OzenKit

/// Dictation's takes in the history: each take is a conversation of source "dictation" with one
/// line, whose text is what was heard (raw) and whose correction is the polished text that was
/// inserted; the title names the polish used ("Dictation · llm deepseek-chat"). Saved as the
/// take is made, before anything is inserted, so no dictated text is ever lost.
extension HistoryStore {
    @discardableResult
    public func saveDictation(raw: String, polished: String, polish: String, language: String, seconds: Double,
                              at date: Date = Date()) throws -> Int64 {
        let id = try startConversation(at: date, language: language, source: "dictation",
                                       title: tr("הכתבה", "Dictation") + " · " + polish)
        let line = CaptionLine(id: 1, text: raw.isEmpty ? polished : raw, start: 0, end: seconds, final: true,
                               confidence: nil, uncertain: false, language: language)
        try append([line], to: id, savedAt: date)
        if polished != raw, !polished.isEmpty { try correct(conversation: id, line: 1, to: polished) }
        return id
    }

    /// The newest take: what was heard, what was inserted, and how it was polished.
    public func lastDictation() throws -> (raw: String, polished: String, polish: String)? {
        try db.rows("""
            SELECT l.text, l.correction, c.title FROM line l JOIN conversation c ON c.id = l.conversation_id
            WHERE c.source = 'dictation' ORDER BY c.started_at DESC, c.id DESC LIMIT 1
            """, []) { row in
            let title = row.optionalText(2) ?? ""
            let polish = title.components(separatedBy: " · ").dropFirst().joined(separator: " · ")
            return (raw: row.text(0), polished: row.optionalText(1) ?? row.text(0), polish: polish)
        }.first
    }
}

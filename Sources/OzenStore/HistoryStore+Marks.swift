import Foundation
import OzenKit

/// A starred line with the conversation it belongs to, for the one list of all stars.
public struct StarredLine: Sendable, Equatable {
    public var line: SavedLine
    public var conversationTitle: String?
    public var conversationStartedAt: Date
}

/// What she does to the history: stars, names for conversations and speakers, the names
/// list, deleting a conversation.
extension HistoryStore {
    /// Stars (or unstars) one line; the conversation's star count follows.
    public func setStar(_ starred: Bool, conversation: Int64, line number: Int) throws {
        try db.transaction {
            guard let current = try db.rows("SELECT starred FROM line WHERE conversation_id = ? AND number = ?",
                                            [.int(conversation), .int(Int64(number))], { $0.bool(0) }).first
            else { throw HistoryLookupError.noLine(conversation: conversation, line: number) }
            guard current != starred else { return }
            try db.run("UPDATE line SET starred = ? WHERE conversation_id = ? AND number = ?",
                       [.bool(starred), .int(conversation), .int(Int64(number))])
            try db.run("UPDATE conversation SET star_count = star_count + ? WHERE id = ?", [.int(starred ? 1 : -1), .int(conversation)])
        }
    }

    /// Every starred line of every conversation, newest conversation first, in line order.
    public func starredLines() throws -> [StarredLine] {
        try db.rows("""
            SELECT l.conversation_id, l.number, l.text, l.speaker, l.start_s, l.end_s, l.confidence, l.uncertain, l.starred,
                   l.correction, l.language, c.title, c.started_at
            FROM line l JOIN conversation c ON c.id = l.conversation_id
            WHERE l.starred = 1 ORDER BY c.started_at DESC, l.conversation_id DESC, l.number
            """) { StarredLine(line: Self.savedLine($0), conversationTitle: $0.optionalText(11),
                               conversationStartedAt: Date(timeIntervalSince1970: $0.double(12))) }
    }

    /// Names a conversation ("ביקור אצל הרופא"); nil or blank takes the name away.
    /// A named conversation is never removed by retention.
    public func name(conversation: Int64, _ title: String?) throws {
        let clean = title?.trimmingCharacters(in: .whitespacesAndNewlines)
        try db.run("UPDATE conversation SET title = ? WHERE id = ?", [.optional(clean?.isEmpty == false ? clean : nil), .int(conversation)])
        if db.changes == 0 { throw HistoryLookupError.noConversation(conversation) }
    }

    /// Gives a speaker label of one conversation ("Speaker 2") a person's name.
    public func nameSpeaker(conversation: Int64, label: String, name: String?) throws {
        try db.run("INSERT INTO speaker(conversation_id, label, name) VALUES (?, ?, ?) ON CONFLICT DO UPDATE SET name = excluded.name",
                   [.int(conversation), .text(label), .optional(name)])
    }

    /// The speakers of a conversation: label and the name given to it, if any.
    public func speakers(of conversation: Int64) throws -> [(label: String, name: String?)] {
        try db.rows("SELECT label, name FROM speaker WHERE conversation_id = ? ORDER BY label", [.int(conversation)]) { ($0.text(0), $0.optionalText(1)) }
    }

    /// The names list: the people she talks with, for naming speakers and for alerts.
    public func names() throws -> [String] {
        try db.rows("SELECT name FROM person_name ORDER BY added_at, name") { $0.text(0) }
    }

    public func addName(_ name: String, at date: Date = Date()) throws {
        try db.run("INSERT OR IGNORE INTO person_name(name, folded, added_at) VALUES (?, ?, ?)",
                   [.text(name), .text(HebrewSpelling.fold(name)), .real(date.timeIntervalSince1970)])
    }

    public func removeName(_ name: String) throws {
        try db.run("DELETE FROM person_name WHERE name = ?", [.text(name)])
    }

    /// Deletes conversations with their lines, speakers and index entries.
    public func delete(conversations ids: [Int64]) throws {
        try db.transaction {
            for id in ids {
                let lines = try db.rows("SELECT id, text, correction, english FROM line WHERE conversation_id = ?", [.int(id)]) {
                    ($0.int(0), $0.text(1), $0.optionalText(2), $0.optionalText(3))
                }
                for (lineID, text, correction, english) in lines {
                    try unindex(lineID: lineID, text: text, correction: correction, english: english, conversation: id)
                }
                try db.run("DELETE FROM conversation WHERE id = ?", [.int(id)])
            }
        }
    }
}

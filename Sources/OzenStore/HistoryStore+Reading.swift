import OzenKit
import Foundation

/// Reading conversations back: the list (summary columns only), one conversation's lines,
/// and the conversation to offer continuing.
extension HistoryStore {
    static let listingColumns = "id, started_at, last_active_at, title, language, line_count, star_count, duration_s, preview"

    static func listing(_ row: SQLRow) -> ConversationListing {
        ConversationListing(id: row.int(0), startedAt: Date(timeIntervalSince1970: row.double(1)),
                            lastActiveAt: Date(timeIntervalSince1970: row.double(2)), title: row.optionalText(3),
                            language: row.text(4), lineCount: Int(row.int(5)), starCount: Int(row.int(6)),
                            seconds: row.double(7), preview: row.text(8))
    }

    /// Conversations newest first, `limit` of them after skipping `offset`.
    public func conversations(limit: Int = 20, offset: Int = 0) throws -> [ConversationListing] {
        try db.rows("SELECT \(Self.listingColumns) FROM conversation ORDER BY started_at DESC, id DESC LIMIT ? OFFSET ?",
                    [.int(Int64(limit)), .int(Int64(offset))], Self.listing)
    }

    public var conversationCount: Int {
        get throws { try db.rows("SELECT COUNT(*) FROM conversation") { Int($0.int(0)) }.first ?? 0 }
    }

    /// One conversation's listing, or `HistoryLookupError.noConversation`.
    public func conversation(_ id: Int64) throws -> ConversationListing {
        guard let found = try db.rows("SELECT \(Self.listingColumns) FROM conversation WHERE id = ?", [.int(id)], Self.listing).first
        else { throw HistoryLookupError.noConversation(id) }
        return found
    }

    /// The stored summary of a conversation.
    public func summary(of id: Int64) throws -> ConversationSummary {
        guard let json = try db.rows("SELECT summary FROM conversation WHERE id = ?", [.int(id)], { $0.text(0) }).first
        else { throw HistoryLookupError.noConversation(id) }
        return Self.decode(json)
    }

    /// Lines of a conversation in order, from line number `first`, at most `limit`.
    public func lines(of id: Int64, from first: Int = 1, limit: Int = Int(Int32.max)) throws -> [SavedLine] {
        try db.rows("""
            SELECT conversation_id, number, text, speaker, start_s, end_s, confidence, uncertain, starred, correction, language, english, heard_from
            FROM line WHERE conversation_id = ? AND number >= ? ORDER BY number LIMIT ?
            """, [.int(id), .int(Int64(first)), .int(Int64(limit))]) { row in
            var line = Self.savedLine(row)
            line.english = row.optionalText(11)
            line.source = row.optionalText(12).flatMap(LineSource.init(rawValue:))
            return line
        }
    }

    static func savedLine(_ row: SQLRow) -> SavedLine {
        SavedLine(conversationID: row.int(0), number: Int(row.int(1)), text: row.text(2), speaker: row.optionalText(3),
                  start: row.double(4), end: row.double(5), confidence: row.optionalDouble(6), uncertain: row.bool(7),
                  starred: row.bool(8), correction: row.optionalText(9), language: row.text(10))
    }

    /// The conversation to offer continuing at a start: the one active most recently, when
    /// that was within `ContinueOffer.window` of `now`.
    public func conversationToContinue(now: Date = Date()) throws -> ConversationListing? {
        guard let latest = try db.rows("SELECT \(Self.listingColumns) FROM conversation ORDER BY last_active_at DESC LIMIT 1", [], Self.listing).first,
              ContinueOffer.shouldOffer(lastActive: latest.lastActiveAt, now: now) else { return nil }
        return latest
    }
}

import Foundation
import OzenKit

/// One conversation that holds every word of a search, opened at the first line that holds
/// them all (else the first that holds any), with those words' places in it.
public struct SearchResult: Sendable, Equatable {
    public var conversation: ConversationListing
    public var line: SavedLine
    /// Where the searched words are in `line.shownText` (UTF-16, for highlighting).
    public var highlights: [TextRange]
}

/// The answer to a search: the first page of conversations, newest first, and how many in all.
public struct SearchResults: Sendable, Equatable {
    public var words: [String]
    public var total: Int
    public var results: [SearchResult]
}

extension HistoryStore {
    /// Conversations where every word of `query` was said, in any order, on any line.
    /// Words are compared in folded spelling and through Hebrew prefixes (`SearchWords`).
    public func search(_ query: String, limit: Int = 20) throws -> SearchResults {
        let words = SearchWords.queryWords(query)
        guard !words.isEmpty else { return SearchResults(words: [], total: 0, results: []) }
        var candidates: Set<Int64>?
        for word in words {
            let found = Set(try db.rows("SELECT conversation_id FROM conversation_word WHERE word = ?", [.text(word)]) { $0.int(0) })
            candidates = candidates.map { $0.intersection(found) } ?? found
            if candidates?.isEmpty == true { break }
        }
        let ids = Array(candidates ?? [])
        guard !ids.isEmpty else { return SearchResults(words: words, total: 0, results: []) }
        let listings = try db.rows("""
            SELECT \(Self.listingColumns) FROM conversation WHERE id IN (\(ids.map(String.init).joined(separator: ",")))
            ORDER BY started_at DESC, id DESC LIMIT ?
            """, [.int(Int64(limit))], Self.listing)
        let results = try listings.compactMap { try openingLine(in: $0, words: words) }
        return SearchResults(words: words, total: ids.count, results: results)
    }

    /// Where a conversation opens for `words`, and what to highlight there: the first line
    /// that holds them all, else the earliest line that holds any. Both are found by the
    /// index (one query each), and only the chosen line is read in Swift: scoring hundreds of
    /// lines in Swift when the words are on different lines made search p95 0.5 s.
    func openingLine(in conversation: ConversationListing, words: [String]) throws -> SearchResult? {
        let quoted = words.map { "\"\($0)\"" }
        let scope = "conversation : \"c\(conversation.id)\""
        var line = try firstLine(matching: "\(scope) AND words : (\(quoted.joined(separator: " AND ")))", in: conversation.id)
        if line == nil, words.count > 1 {
            line = try firstLine(matching: "\(scope) AND words : (\(quoted.joined(separator: " OR ")))", in: conversation.id)
        }
        guard let line else { return nil }
        return SearchResult(conversation: conversation, line: line, highlights: Self.highlights(of: words, in: line.shownText).ranges)
    }

    private func firstLine(matching match: String, in conversation: Int64) throws -> SavedLine? {
        // The conversation's line ids bound the scan, so FTS5 seeks into a common word's long
        // list instead of reading all of it.
        let bounds = try db.rows("SELECT MIN(id), MAX(id) FROM line WHERE conversation_id = ?", [.int(conversation)]) {
            ($0.int(0), $0.int(1))
        }.first ?? (0, 0)
        return try db.rows("""
            SELECT l.conversation_id, l.number, l.text, l.speaker, l.start_s, l.end_s, l.confidence, l.uncertain, l.starred,
                   l.correction, l.language
            FROM line l WHERE l.id = (SELECT rowid FROM line_words WHERE line_words MATCH ? AND rowid BETWEEN ? AND ?
                                      ORDER BY rowid LIMIT 1)
            """, [.text(match), .int(bounds.0), .int(bounds.1)], Self.savedLine).first
    }

    /// How many of `words` `text` holds, and where.
    public static func highlights(of words: [String], in text: String) -> (found: Int, ranges: [TextRange]) {
        var found = Set<String>()
        var ranges: [TextRange] = []
        for word in SearchWords.words(in: text) {
            let spellings = SearchWords.indexSpellings(of: word.folded)
            let hits = words.filter { spellings.contains($0) }
            if !hits.isEmpty {
                ranges.append(word.range)
                found.formUnion(hits)
            }
        }
        return (found.count, ranges)
    }
}

import Foundation
import OzenKit

/// Conversation history on this computer: one SQLite database in `$OZEN_HOME`
/// (`history.sqlite`), written as lines lock and read by `ozen history`. Each method is one
/// transaction. Use a store from one thread at a time; the recorder's writer opens its own.
public final class HistoryStore {
    let db: StoreConnection
    /// The conversation written last, as its last commit left it (see `ActiveConversation`).
    private var active: ActiveConversation?

    /// Where the history lives in `home`.
    public static func path(in home: OzenHome) -> String { home.path + "/history.sqlite" }

    /// Opens (creating when missing, with its folder) and migrates the database at `path`.
    public init(path: String) throws {
        let folder = (path as NSString).deletingLastPathComponent
        if !folder.isEmpty { try? FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true) }
        db = try StoreConnection(path: path)
        try db.migrate(HistorySchema.migrations)
    }

    public convenience init(home: OzenHome) throws { try self.init(path: Self.path(in: home)) }

    public var path: String { db.path }

    /// Starts a new, empty conversation and returns its id.
    public func startConversation(at start: Date, language: String, source: String = "live", title: String? = nil) throws -> Int64 {
        try db.run("INSERT INTO conversation(started_at, last_active_at, title, language, source) VALUES (?, ?, ?, ?, ?)",
                   [.real(start.timeIntervalSince1970), .real(start.timeIntervalSince1970), .optional(title), .text(language), .text(source)])
        return db.lastInsertedID
    }

    /// Saves `lines` at the end of `conversation` in one transaction, numbering them on from
    /// its last line and adding `timeOffset` seconds to their times (a continued conversation's
    /// new recording starts again at 0). Lines with no words are skipped.
    @discardableResult
    public func append(_ lines: [CaptionLine], to conversation: Int64, timeOffset: Double = 0, savedAt: Date = Date(),
                       starred: Set<Int> = []) throws -> [SavedLine] {
        do {
            let (saved, state) = try db.transaction { () -> ([SavedLine], ActiveConversation) in
                var state = try activeState(of: conversation)
                var saved: [SavedLine] = []
                for line in lines where !line.text.trimmingCharacters(in: .whitespacesAndNewlines).isEmpty {
                    let row = SavedLine(conversationID: conversation, number: state.next, text: line.text, speaker: line.speaker,
                                        start: line.start + timeOffset, end: line.end + timeOffset,
                                        confidence: line.confidence, uncertain: line.uncertain,
                                        starred: starred.contains(line.id), language: line.language, source: line.source)
                    try insert(row, savedAt: savedAt)
                    state.summary.add(row)
                    saved.append(row)
                    state.next += 1
                }
                guard !saved.isEmpty else { return (saved, state) }
                let stars = saved.filter(\.starred).count
                try db.run("""
                    UPDATE conversation SET line_count = line_count + ?, star_count = star_count + ?, duration_s = ?,
                        last_active_at = ?, summary = ?, preview = CASE WHEN preview = '' THEN ? ELSE preview END
                    WHERE id = ?
                    """, [.int(Int64(saved.count)), .int(Int64(stars)), .real(state.summary.seconds),
                          .real(savedAt.timeIntervalSince1970), .text(try state.json.encode(state.summary)),
                          .text(String(saved[0].text.prefix(80))), .int(conversation)])
                return (saved, state)
            }
            active = state
            return saved
        } catch {
            active = nil
            throw error
        }
    }

    private func insert(_ line: SavedLine, savedAt: Date) throws {
        try db.run("""
            INSERT INTO line(conversation_id, number, text, speaker, start_s, end_s, confidence, uncertain, starred, language, saved_at, heard_from)
            VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
            """, [.int(line.conversationID), .int(Int64(line.number)), .text(line.text), .optional(line.speaker),
                  .real(line.start), .real(line.end), .optional(line.confidence), .bool(line.uncertain),
                  .bool(line.starred), .text(line.language), .real(savedAt.timeIntervalSince1970), .optional(line.source?.rawValue)])
        try index(lineID: db.lastInsertedID, text: line.text, correction: nil, english: nil, conversation: line.conversationID)
        if let speaker = line.speaker {
            try db.run("INSERT OR IGNORE INTO speaker(conversation_id, label) VALUES (?, ?)", [.int(line.conversationID), .text(speaker)])
        }
    }

    /// Adds a line's words to both search indexes.
    func index(lineID: Int64, text: String, correction: String?, english: String?, conversation: Int64) throws {
        let spellings = SearchWords.indexSpellings(ofText: [text, correction, english].compactMap { $0 }.joined(separator: " "))
        try db.run("INSERT INTO line_words(rowid, words, conversation) VALUES (?, ?, ?)",
                   [.int(lineID), .text(spellings.joined(separator: " ")), .text("c\(conversation)")])
        for spelling in spellings {
            try db.run("INSERT OR IGNORE INTO conversation_word(word, conversation_id) VALUES (?, ?)", [.text(spelling), .int(conversation)])
        }
    }

    /// Takes a line's words out of the line index (contentless FTS5 needs the words it was given).
    func unindex(lineID: Int64, text: String, correction: String?, english: String?, conversation: Int64) throws {
        let spellings = SearchWords.indexSpellings(ofText: [text, correction, english].compactMap { $0 }.joined(separator: " "))
        try db.run("INSERT INTO line_words(line_words, rowid, words, conversation) VALUES ('delete', ?, ?, ?)",
                   [.int(lineID), .text(spellings.joined(separator: " ")), .text("c\(conversation)")])
    }

    /// Records the final pass's better wording of a line; both wordings stay searchable.
    public func correct(conversation: Int64, line number: Int, to correction: String) throws {
        try db.transaction {
            guard let (id, text, old, english) = try db.rows("SELECT id, text, correction, english FROM line WHERE conversation_id = ? AND number = ?",
                                                    [.int(conversation), .int(Int64(number))], { ($0.int(0), $0.text(1), $0.optionalText(2), $0.optionalText(3)) }).first
            else { throw HistoryLookupError.noLine(conversation: conversation, line: number) }
            try unindex(lineID: id, text: text, correction: old, english: english, conversation: conversation)
            try db.run("UPDATE line SET correction = ? WHERE id = ?", [.text(correction), .int(id)])
            try index(lineID: id, text: text, correction: correction, english: english, conversation: conversation)
        }
    }

    /// Keeps the interpreter's English of a line, and the second pass's better source when it
    /// heard one (kept as the line's correction); both languages stay searchable.
    public func translate(conversation: Int64, line number: Int, english: String, revisedSource: String? = nil) throws {
        try db.transaction {
            guard let (id, text, old, oldEnglish) = try db.rows("SELECT id, text, correction, english FROM line WHERE conversation_id = ? AND number = ?",
                                                    [.int(conversation), .int(Int64(number))], { ($0.int(0), $0.text(1), $0.optionalText(2), $0.optionalText(3)) }).first
            else { throw HistoryLookupError.noLine(conversation: conversation, line: number) }
            let correction = revisedSource ?? old
            try unindex(lineID: id, text: text, correction: old, english: oldEnglish, conversation: conversation)
            try db.run("UPDATE line SET correction = ?, english = ? WHERE id = ?", [.optional(correction), .text(english), .int(id)])
            try index(lineID: id, text: text, correction: correction, english: english, conversation: conversation)
        }
    }

    /// The cached summary is stale once lines change after the fact.
    func forgetActiveSummary() { active = nil }

    private func activeState(of conversation: Int64) throws -> ActiveConversation {
        if let active, active.id == conversation { return active }
        let rows = try db.rows("SELECT summary, (SELECT COALESCE(MAX(number), 0) FROM line WHERE conversation_id = ?1) FROM conversation WHERE id = ?1",
                               [.int(conversation)]) { ($0.text(0), Int($0.int(1))) }
        guard let (json, last) = rows.first else { throw HistoryLookupError.noConversation(conversation) }
        return ActiveConversation(id: conversation, summary: Self.decode(json), next: last + 1)
    }

    static func encode(_ summary: ConversationSummary) throws -> String {
        String(decoding: try JSONEncoder().encode(summary), as: UTF8.self)
    }

    static func decode(_ json: String) -> ConversationSummary {
        (try? JSONDecoder().decode(ConversationSummary.self, from: Data(json.utf8))) ?? ConversationSummary()
    }
}

/// What saving the next line of the conversation written last needs, kept from its last
/// commit so it is not read or worked out again: its summary, that summary's JSON (see
/// `SummaryJSON`) and its next line number.
private struct ActiveConversation {
    var id: Int64
    var summary: ConversationSummary
    var next: Int
    var json = SummaryJSON()
}

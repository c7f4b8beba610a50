import Foundation
import OzenKit

/// Who said what, after the fact: a live correction of a recent line's speaker, and a person's
/// new name carried onto every saved line. The conversation summaries (speaking time per
/// person, turns) are rebuilt from the lines so they never disagree with them.
extension HistoryStore {
    /// Line `number` of `conversation` was said by `speaker` (the tracker changed its mind).
    public func setSpeaker(_ speaker: String, conversation: Int64, line number: Int) throws {
        try db.transaction {
            try db.run("UPDATE line SET speaker = ? WHERE conversation_id = ? AND number = ?",
                       [.text(speaker), .int(conversation), .int(Int64(number))])
            if db.changes == 0 { throw HistoryLookupError.noLine(conversation: conversation, line: number) }
            try db.run("INSERT OR IGNORE INTO speaker(conversation_id, label) VALUES (?, ?)", [.int(conversation), .text(speaker)])
            try rebuildSummary(of: conversation)
        }
    }

    /// Gives every saved line of `old` the name `new` (a person renamed in `ozen speakers`).
    /// Returns how many lines changed.
    @discardableResult
    public func renameSpeaker(_ old: String, to new: String) throws -> Int {
        try db.transaction {
            let conversations = try db.rows("SELECT DISTINCT conversation_id FROM line WHERE speaker = ?", [.text(old)]) { $0.int(0) }
            try db.run("UPDATE line SET speaker = ? WHERE speaker = ?", [.text(new), .text(old)])
            let changed = db.changes
            for id in conversations {
                try db.run("INSERT OR IGNORE INTO speaker(conversation_id, label) VALUES (?, ?)", [.int(id), .text(new)])
                try db.run("DELETE FROM speaker WHERE conversation_id = ? AND label = ?", [.int(id), .text(old)])
                try rebuildSummary(of: id)
            }
            return changed
        }
    }

    private func rebuildSummary(of conversation: Int64) throws {
        var summary = ConversationSummary()
        for line in try lines(of: conversation) { summary.add(line) }
        try db.run("UPDATE conversation SET summary = ? WHERE id = ?", [.text(try Self.encode(summary)), .int(conversation)])
        forgetActiveSummary()
    }
}

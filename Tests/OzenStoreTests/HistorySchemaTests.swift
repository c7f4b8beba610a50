import Foundation
import OzenStore
import Testing

@Suite struct HistorySchemaTests {
    @Test func createsTheNewestSchemaOnceAndInWALMode() throws {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("ozen-history-\(UUID()).sqlite").path
        defer { for suffix in ["", "-wal", "-shm"] { try? FileManager.default.removeItem(atPath: path + suffix) } }
        let first = try HistorySchema.open(path: path)
        #expect(try first.userVersion == HistorySchema.migrations.count)
        #expect(try first.column("PRAGMA journal_mode") == ["wal"])
        try first.execute("INSERT INTO conversation(started_at, last_active_at) VALUES (1, 1); INSERT INTO line(conversation_id, number, text, start_s, end_s, saved_at) VALUES (1, 1, 'שלום', 0, 1, 1)")
        // Opening again migrates nothing and keeps what was saved.
        let second = try HistorySchema.open(path: path)
        #expect(try second.column("SELECT text FROM line") == ["שלום"])
    }

    @Test func aFailedMigrationLeavesTheDatabaseAsItWas() throws {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("ozen-bad-\(UUID()).sqlite").path
        defer { for suffix in ["", "-wal", "-shm"] { try? FileManager.default.removeItem(atPath: path + suffix) } }
        let db = try SQLiteConnection(path: path)
        #expect(throws: SQLiteConnection.Failure.self) { try db.migrate(["CREATE TABLE a(x); CREATE TABLE a(x)"]) }
        #expect(try db.userVersion == 0)
        #expect(try db.column("SELECT name FROM sqlite_master") == [])
    }
}

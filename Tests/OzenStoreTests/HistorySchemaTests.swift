import Foundation
@testable import OzenStore
import Testing

/// The schema's migrations: applied once, in WAL mode, all or nothing.
@Suite struct HistorySchemaTests {
    func temporaryPath() -> String {
        FileManager.default.temporaryDirectory.appendingPathComponent("ozen-history-\(UUID()).sqlite").path
    }

    func remove(_ path: String) {
        for suffix in ["", "-wal", "-shm"] { try? FileManager.default.removeItem(atPath: path + suffix) }
    }

    @Test func createsTheNewestSchemaOnceAndInWALMode() throws {
        let path = temporaryPath()
        defer { remove(path) }
        let first = try StoreConnection(path: path)
        try first.migrate(HistorySchema.migrations)
        #expect(try first.rows("PRAGMA user_version") { $0.int(0) } == [Int64(HistorySchema.migrations.count)])
        #expect(try first.rows("PRAGMA journal_mode") { $0.text(0) } == ["wal"])
        try first.execute("INSERT INTO conversation(started_at, last_active_at) VALUES (1, 1); INSERT INTO line(conversation_id, number, text, start_s, end_s, saved_at) VALUES (1, 1, 'שלום', 0, 1, 1)")
        // Opening again migrates nothing and keeps what was saved.
        let second = try StoreConnection(path: path)
        try second.migrate(HistorySchema.migrations)
        #expect(try second.rows("SELECT text FROM line") { $0.text(0) } == ["שלום"])
    }

    @Test func aFailedMigrationLeavesTheDatabaseAsItWas() throws {
        let path = temporaryPath()
        defer { remove(path) }
        let db = try StoreConnection(path: path)
        #expect(throws: (any Error).self) { try db.migrate(["CREATE TABLE a(x); CREATE TABLE a(x)"]) }
        #expect(try db.rows("PRAGMA user_version") { $0.int(0) } == [0])
        #expect(try db.rows("SELECT name FROM sqlite_master") { $0.text(0) } == [])
    }
}

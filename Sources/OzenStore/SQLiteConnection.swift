import CSQLite
import Foundation

/// One connection to an SQLite database: the thin layer over the C API that the history
/// store is built on. Write-ahead logging, so a reader never blocks the caption path's writes
/// and a crash loses at most the transaction in flight.
public final class SQLiteConnection: @unchecked Sendable {
    public struct Failure: Error, CustomStringConvertible {
        public var message: String
        public var description: String { message }
    }

    private var handle: OpaquePointer?
    private let lock = NSLock()
    public let path: String

    public init(path: String) throws {
        self.path = path
        var db: OpaquePointer?
        let flags = SQLITE_OPEN_READWRITE | SQLITE_OPEN_CREATE | SQLITE_OPEN_FULLMUTEX
        guard sqlite3_open_v2(path, &db, flags, nil) == SQLITE_OK, let db else {
            let message = db.map { String(cString: sqlite3_errmsg($0)) } ?? "out of memory"
            sqlite3_close(db)
            throw Failure(message: "cannot open the history database \(path): \(message)")
        }
        handle = db
        sqlite3_busy_timeout(db, 2_000)
        try execute("PRAGMA journal_mode=WAL")
        try execute("PRAGMA foreign_keys=ON")
    }

    deinit { sqlite3_close_v2(handle) }

    /// Runs one or more statements that return no rows.
    public func execute(_ sql: String) throws {
        lock.lock(); defer { lock.unlock() }
        var error: UnsafeMutablePointer<CChar>?
        if sqlite3_exec(handle, sql, nil, nil, &error) != SQLITE_OK {
            let message = error.map { String(cString: $0) } ?? "unknown error"
            sqlite3_free(error)
            throw Failure(message: message)
        }
    }

    /// The first column of each row of `sql`, as text.
    public func column(_ sql: String) throws -> [String] {
        lock.lock(); defer { lock.unlock() }
        var statement: OpaquePointer?
        guard sqlite3_prepare_v2(handle, sql, -1, &statement, nil) == SQLITE_OK else {
            throw Failure(message: String(cString: sqlite3_errmsg(handle)))
        }
        defer { sqlite3_finalize(statement) }
        var values = [String]()
        while sqlite3_step(statement) == SQLITE_ROW {
            values.append(sqlite3_column_text(statement, 0).map { String(cString: $0) } ?? "")
        }
        return values
    }

    public var userVersion: Int {
        get throws { Int(try column("PRAGMA user_version").first ?? "0") ?? 0 }
    }

    /// Brings the schema to the newest version, one migration per version, each in its own transaction.
    public func migrate(_ migrations: [String]) throws {
        let current = try userVersion
        for (index, sql) in migrations.enumerated() where index + 1 > current {
            do {
                try execute("BEGIN IMMEDIATE; \(sql); PRAGMA user_version = \(index + 1); COMMIT;")
            } catch {
                try? execute("ROLLBACK")
                throw error
            }
        }
    }
}

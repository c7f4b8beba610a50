import CSQLite
import Foundation

/// A value bound to, or read from, an SQL statement.
enum SQLValue {
    case null
    case int(Int64)
    case real(Double)
    case text(String)

    static func optional(_ text: String?) -> SQLValue { text.map(SQLValue.text) ?? .null }
    static func optional(_ number: Double?) -> SQLValue { number.map(SQLValue.real) ?? .null }
    static func bool(_ flag: Bool) -> SQLValue { .int(flag ? 1 : 0) }
}

/// One row of a result, read by column index.
struct SQLRow {
    fileprivate let statement: OpaquePointer

    func int(_ i: Int32) -> Int64 { sqlite3_column_int64(statement, i) }
    func double(_ i: Int32) -> Double { sqlite3_column_double(statement, i) }
    func bool(_ i: Int32) -> Bool { sqlite3_column_int64(statement, i) != 0 }
    func text(_ i: Int32) -> String { sqlite3_column_text(statement, i).map { String(cString: $0) } ?? "" }
    func optionalText(_ i: Int32) -> String? {
        sqlite3_column_type(statement, i) == SQLITE_NULL ? nil : text(i)
    }
    func optionalDouble(_ i: Int32) -> Double? {
        sqlite3_column_type(statement, i) == SQLITE_NULL ? nil : double(i)
    }
}

/// The history store's connection: prepared statements kept for reuse (saving a line runs
/// the same few statements thousands of times), bound parameters (never text pasted into
/// SQL), transactions, and every failure turned into a `HistoryStorageError` that says what
/// to do. One thread uses a connection at a time; the recorder's writer owns its own.
final class StoreConnection {
    private var db: OpaquePointer?
    private var statements: [String: OpaquePointer] = [:]
    let path: String

    /// Opens (creating when missing) the database at `path` in WAL mode. synchronous=NORMAL:
    /// in WAL mode a commit survives the process being killed (kill -9) and costs no fsync;
    /// only a power cut can lose the last commits, which keeps a line's save well under 2 ms.
    init(path: String) throws {
        self.path = path
        let flags = SQLITE_OPEN_READWRITE | SQLITE_OPEN_CREATE | SQLITE_OPEN_NOMUTEX
        let code = sqlite3_open_v2(path, &db, flags, nil)
        guard code == SQLITE_OK, db != nil else {
            let message = db.map { String(cString: sqlite3_errmsg($0)) } ?? "out of memory"
            sqlite3_close(db)
            db = nil
            throw HistoryStorageError(code: code, message: message, path: path)
        }
        // A locked database (another ozen writing) is waited for up to 2 s before it is a failure.
        sqlite3_busy_timeout(db, 2_000)
        do {
            try execute("PRAGMA journal_mode=WAL; PRAGMA synchronous=NORMAL; PRAGMA foreign_keys=ON")
        } catch {
            sqlite3_close(db)
            db = nil
            throw error
        }
    }

    deinit {
        for statement in statements.values { sqlite3_finalize(statement) }
        sqlite3_close_v2(db)
    }

    /// Runs statements that return no rows and take no parameters.
    func execute(_ sql: String) throws {
        var error: UnsafeMutablePointer<CChar>?
        let code = sqlite3_exec(db, sql, nil, nil, &error)
        if code != SQLITE_OK {
            let message = error.map { String(cString: $0) } ?? String(cString: sqlite3_errmsg(db))
            sqlite3_free(error)
            throw HistoryStorageError(code: sqlite3_extended_errcode(db), message: message, path: path)
        }
    }

    /// Runs one statement with `parameters`, calling `row` for each result row.
    func query(_ sql: String, _ parameters: [SQLValue] = [], row: (SQLRow) throws -> Void = { _ in }) throws {
        let statement = try prepared(sql)
        defer { sqlite3_reset(statement); sqlite3_clear_bindings(statement) }
        for (index, value) in parameters.enumerated() {
            let i = Int32(index + 1)
            switch value {
            case .null: sqlite3_bind_null(statement, i)
            case .int(let v): sqlite3_bind_int64(statement, i, v)
            case .real(let v): sqlite3_bind_double(statement, i, v)
            case .text(let v): sqlite3_bind_text(statement, i, v, -1, Self.transient)
            }
        }
        while true {
            let code = sqlite3_step(statement)
            if code == SQLITE_DONE { return }
            guard code == SQLITE_ROW else { throw failure() }
            try row(SQLRow(statement: statement))
        }
    }

    /// Runs one statement for its effect.
    func run(_ sql: String, _ parameters: [SQLValue] = []) throws { try query(sql, parameters) }

    /// The rows of `sql`, each made into a value by `make`.
    func rows<T>(_ sql: String, _ parameters: [SQLValue] = [], _ make: (SQLRow) throws -> T) throws -> [T] {
        var out: [T] = []
        try query(sql, parameters) { out.append(try make($0)) }
        return out
    }

    var lastInsertedID: Int64 { sqlite3_last_insert_rowid(db) }
    var changes: Int { Int(sqlite3_changes(db)) }
    /// Rows changed by every statement since the connection opened.
    var totalChanges: Int { Int(sqlite3_total_changes(db)) }

    /// Runs `body` in one write transaction: all of it is saved, or none of it.
    func transaction<T>(_ body: () throws -> T) throws -> T {
        try execute("BEGIN IMMEDIATE")
        do {
            let result = try body()
            try execute("COMMIT")
            return result
        } catch {
            try? execute("ROLLBACK")
            throw error
        }
    }

    /// Brings the schema to the newest version, one migration per version, each in its own
    /// transaction: a migration that fails leaves the database as it was.
    func migrate(_ migrations: [String]) throws {
        var current = 0
        try query("PRAGMA user_version") { current = Int($0.int(0)) }
        for (index, sql) in migrations.enumerated() where index + 1 > current {
            try transaction { try execute("\(sql); PRAGMA user_version = \(index + 1)") }
        }
    }

    private func prepared(_ sql: String) throws -> OpaquePointer {
        if let statement = statements[sql] { return statement }
        var statement: OpaquePointer?
        guard sqlite3_prepare_v3(db, sql, -1, UInt32(SQLITE_PREPARE_PERSISTENT), &statement, nil) == SQLITE_OK,
              let statement else { throw failure() }
        statements[sql] = statement
        return statement
    }

    private func failure() -> HistoryStorageError {
        HistoryStorageError(code: sqlite3_extended_errcode(db), message: String(cString: sqlite3_errmsg(db)), path: path)
    }

    private static let transient = unsafeBitCast(-1, to: sqlite3_destructor_type.self)
}

/// The history database's schema, one entry per version, never edited once released:
/// a change is a new entry. Version 1 holds conversations and their lines.
public enum HistorySchema {
    public static let migrations: [String] = [
        """
        CREATE TABLE conversation (
            id INTEGER PRIMARY KEY,
            started_at REAL NOT NULL,
            title TEXT
        );
        CREATE TABLE line (
            id INTEGER PRIMARY KEY,
            conversation_id INTEGER NOT NULL REFERENCES conversation(id) ON DELETE CASCADE,
            text TEXT NOT NULL,
            speaker TEXT,
            start_s REAL NOT NULL,
            end_s REAL NOT NULL,
            confidence REAL,
            uncertain INTEGER NOT NULL DEFAULT 0
        )
        """,
    ]

    /// Opens (creating if needed) the history database at `path`, migrated to the newest version.
    public static func open(path: String) throws -> SQLiteConnection {
        let connection = try SQLiteConnection(path: path)
        try connection.migrate(migrations)
        return connection
    }
}

/// The history database's schema, one entry per version, never edited once released:
/// a change is a new entry. Version 1 holds conversations, their lines and speakers, the
/// names list, settings, and the two search indexes:
///
/// - `line_words` (FTS5, contentless): each line's words in folded spelling, each Hebrew word
///   also without the prefix letters it may carry ("ולרותי" is indexed as ולרותי, לרותי,
///   רותי), and a `conversation` column holding "c<id>" so the line a result opens at is
///   found inside one conversation by the index.
/// - `conversation_word`: every indexed word of a conversation once. "Every word typed must be
///   in the conversation, on any line" is then one index seek per word (at most one row per
///   conversation), instead of intersecting line lists that run to 100,000 lines for a
///   common word.
///
/// Version 2 adds each line's English when the interpreter made one (`line.english`); its words
/// go into the same index entry as the line's own, so a search finds a line in either language.
///
/// Version 3 adds where each line was heard when two sources were captioned together
/// (`line.heard_from`: room or call).
///
/// The list reads only `conversation`'s columns and its `summary` JSON, never lines.
public enum HistorySchema {
    public static let migrations: [String] = [
        """
        CREATE TABLE conversation (
            id INTEGER PRIMARY KEY,
            started_at REAL NOT NULL,
            last_active_at REAL NOT NULL,
            title TEXT,
            language TEXT NOT NULL DEFAULT '',
            source TEXT NOT NULL DEFAULT 'live',
            line_count INTEGER NOT NULL DEFAULT 0,
            star_count INTEGER NOT NULL DEFAULT 0,
            duration_s REAL NOT NULL DEFAULT 0,
            preview TEXT NOT NULL DEFAULT '',
            summary TEXT NOT NULL DEFAULT '{}'
        );
        CREATE INDEX conversation_by_start ON conversation(started_at);
        CREATE TABLE line (
            id INTEGER PRIMARY KEY,
            conversation_id INTEGER NOT NULL REFERENCES conversation(id) ON DELETE CASCADE,
            number INTEGER NOT NULL,
            text TEXT NOT NULL,
            speaker TEXT,
            start_s REAL NOT NULL,
            end_s REAL NOT NULL,
            confidence REAL,
            uncertain INTEGER NOT NULL DEFAULT 0,
            starred INTEGER NOT NULL DEFAULT 0,
            correction TEXT,
            language TEXT NOT NULL DEFAULT '',
            saved_at REAL NOT NULL,
            UNIQUE (conversation_id, number)
        );
        CREATE INDEX line_starred ON line(conversation_id, number) WHERE starred = 1;
        CREATE TABLE speaker (
            conversation_id INTEGER NOT NULL REFERENCES conversation(id) ON DELETE CASCADE,
            label TEXT NOT NULL,
            name TEXT,
            PRIMARY KEY (conversation_id, label)
        ) WITHOUT ROWID;
        CREATE TABLE person_name (
            name TEXT PRIMARY KEY,
            folded TEXT NOT NULL,
            added_at REAL NOT NULL
        ) WITHOUT ROWID;
        CREATE TABLE setting (key TEXT PRIMARY KEY, value TEXT NOT NULL) WITHOUT ROWID;
        CREATE TABLE conversation_word (
            word TEXT NOT NULL,
            conversation_id INTEGER NOT NULL REFERENCES conversation(id) ON DELETE CASCADE,
            PRIMARY KEY (word, conversation_id)
        ) WITHOUT ROWID;
        CREATE INDEX conversation_word_by_conversation ON conversation_word(conversation_id);
        CREATE VIRTUAL TABLE line_words USING fts5(
            words, conversation, content='', detail=column, tokenize='unicode61 remove_diacritics 0'
        )
        """,
        // Version 2: the interpreter's English of a line (`ozen interpret`), searchable beside the source.
        """
        ALTER TABLE line ADD COLUMN english TEXT
        """,
        // Version 3: where a line was heard when the room and a call were captioned together
        // (`ozen listen --device MIC --device computer`): 'room' or 'call'; NULL with one source.
        """
        ALTER TABLE line ADD COLUMN heard_from TEXT
        """,
    ]
}

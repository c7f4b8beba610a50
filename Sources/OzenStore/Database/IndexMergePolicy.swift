import Foundation

/// When the line index (`line_words`, FTS5) folds its segments together.
///
/// FTS5 writes each commit's words as a new segment and, by default (automerge 4), merges
/// segments inside whichever commit crosses the next 64 leaf pages written: a saved line
/// writes one leaf, so every 64th line paid for 64 × levels pages of merging. With the
/// checkpoint already out of the commit (CheckpointPolicy), saving a line still measured
/// p99 4.8–15.2 ms against a 2 ms target, the slowest lines exactly 64 apart, up to 107 ms
/// (`ozen bench history`, 365 × 1,000 lines). The recorder's writer turns that merging off
/// and does the same work in bounded steps when its queue is empty, like the checkpoint.
///
/// automerge is persistent: FTS5 keeps it in `line_words_config`, so once a recorder has
/// written, every connection's commits (imports, corrections, retention) leave merging to
/// idle time. That is deliberate, and bounded without anyone merging: FTS5's crisis merge
/// still folds any level that reaches 16 segments, so search cannot slow without limit (a
/// year imported with merging off: 20 segments, search p95 17 ms; the recorder's idle steps
/// brought them to 8 within 1,000 lines).
extension HistoryStore {
    /// Pages of merge work in one idle step: 64, FTS5's own unit, p99 4–8 ms on the
    /// year-sized database with another build using the machine, so a line that arrives
    /// meanwhile waits about that long to be written. The work left waits for the next step.
    public static let mergePagesPerStep = 64

    /// Merge steps in one idle moment at most: 4 (256 pages) is ten times what a line adds
    /// (1,000 saved lines took 377 steps in all), so a backlog (an import's segments) drains
    /// over the next lines without the writer taking a core from the captions for long.
    public static let mergeStepsPerIdle = 4

    /// Whether commits merge the line index themselves (FTS5's automerge; see above).
    /// Writes only when the setting changes.
    public func setAutomaticIndexMerging(_ on: Bool) throws {
        let wanted: Int64 = on ? 4 : 0
        let current = try db.rows("SELECT v FROM line_words_config WHERE k = 'automerge'") { $0.int(0) }.first ?? 4
        guard current != wanted else { return }
        try db.run("INSERT INTO line_words(line_words, rank) VALUES ('automerge', ?)", [.int(wanted)])
    }

    /// Merges up to `pages` pages of the line index, only when some level holds four or more
    /// segments (FTS5's usermerge) or a merge is under way. True when it did work, so an
    /// idle writer knows whether to take another step (FTS5 changes at least two rows then).
    @discardableResult
    public func mergeIndex(pages: Int = mergePagesPerStep) throws -> Bool {
        let before = db.totalChanges
        try db.run("INSERT INTO line_words(line_words, rank) VALUES ('merge', ?)", [.int(Int64(pages))])
        return db.totalChanges - before >= 2
    }

    /// How many segments the line index has: what each search has to look through.
    public var indexSegments: Int {
        get throws { try db.rows("SELECT COUNT(DISTINCT segid) FROM line_words_idx") { Int($0.int(0)) }.first ?? 0 }
    }
}

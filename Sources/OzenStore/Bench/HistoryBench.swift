import Foundation
import OzenKit

/// `ozen bench history`: a year of daily use — by default 365 conversations of 1,000 lines,
/// two in three Hebrew, one in three English, one a day — built in a fresh database, then
/// timed the way she uses it: searches, the list's first page, opening a conversation at a
/// line, saving a line. Targets (the issue's, for a 2-core laptop): search p95 ≤ 50 ms,
/// list ≤ 20 ms, save p99 ≤ 2 ms.
public struct HistoryBench {
    public var conversations = 365
    public var linesPerConversation = 1_000
    /// Searches timed: enough for a steady p95 (the 95th of 200 is 10 samples deep).
    public var searches = 200

    public init() {}

    /// The figures, in milliseconds and bytes.
    public struct Report: Sendable {
        public var conversations: Int
        public var lines: Int
        public var buildSeconds: Double
        public var searchP50: Double
        public var searchP95: Double
        public var listP50: Double
        public var listP95: Double
        public var openP50: Double
        public var openP95: Double
        public var saving: SaveBench.Figures
        /// Segments of the line index before the lines were saved (after: `saving.segments`).
        public var segmentsBefore: Int
        public var caption: CaptionStepBench.Figures
        public var databaseBytes: Int64
    }

    /// Builds the year in `folder` (which must be empty or missing) and measures it.
    /// `progress` hears a line now and then while the year is built.
    public func run(in folder: String, progress: (String) -> Void = { _ in }) throws -> Report {
        let path = folder + "/history.sqlite"
        let store = try HistoryStore(path: path)
        var random = SplitMix(seed: 5)
        let now = Date()
        let buildStart = Date()
        for day in 0..<conversations {
            let hebrew = day % 3 != 2
            let lines = (1...linesPerConversation).map { BenchText.line(id: $0, hebrew: hebrew, random: &random) }
            let started = now.addingTimeInterval(-Double(conversations - day) * 86_400)
            _ = try store.importTranscript(.init(lines: lines, starred: [], title: nil), startedAt: started, source: "bench")
            if (day + 1) % 50 == 0 { progress("\(day + 1)/\(conversations)") }
        }
        let buildSeconds = Date().timeIntervalSince(buildStart)
        try store.db.execute("PRAGMA wal_checkpoint(TRUNCATE); ANALYZE")

        var search: [Double] = []
        for i in 0..<searches {
            let query = BenchText.queries[i % BenchText.queries.count]
            search.append(try Self.time { _ = try store.search(query) })
        }
        var list: [Double] = []
        for _ in 0..<100 { list.append(try Self.time { _ = HistoryDay.group(try store.conversations(limit: 20), now: now) }) }
        var open: [Double] = []
        let count = try store.conversationCount
        for i in 0..<100 {
            let id = Int64(1 + (i * 37) % max(1, count))
            let at = 1 + (i * 97) % linesPerConversation
            open.append(try Self.time {
                _ = try store.conversation(id)
                _ = try store.summary(of: id)
                _ = try store.lines(of: id, from: max(1, at - 5), limit: 40)
            })
        }
        let segments = try store.indexSegments
        let saving = try SaveBench(store: store).run(at: now)
        let caption = try CaptionStepBench(path: path).run()
        let size = ["", "-wal"].reduce(Int64(0)) { total, suffix in
            total + ((try? FileManager.default.attributesOfItem(atPath: path + suffix)[.size] as? NSNumber)?.int64Value ?? 0)
        }
        return Report(conversations: conversations, lines: conversations * linesPerConversation, buildSeconds: buildSeconds,
                      searchP50: Self.percentile(search, 50), searchP95: Self.percentile(search, 95),
                      listP50: Self.percentile(list, 50), listP95: Self.percentile(list, 95),
                      openP50: Self.percentile(open, 50), openP95: Self.percentile(open, 95),
                      saving: saving, segmentsBefore: segments, caption: caption, databaseBytes: size)
    }

    static func time(_ body: () throws -> Void) throws -> Double {
        let start = DispatchTime.now().uptimeNanoseconds
        try body()
        return Double(DispatchTime.now().uptimeNanoseconds - start) / 1e6
    }

    static func percentile(_ values: [Double], _ p: Double) -> Double {
        guard !values.isEmpty else { return 0 }
        let sorted = values.sorted()
        return sorted[min(sorted.count - 1, Int((p / 100 * Double(sorted.count)).rounded(.up)) - 1)]
    }
}

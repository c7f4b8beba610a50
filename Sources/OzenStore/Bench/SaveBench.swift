import Foundation
import OzenKit

/// The bench's "save a line": 1,000 Hebrew lines appended one commit each to a new
/// conversation in the year-sized database, the way the recorder's writer saves them — no
/// index merging or checkpoint inside a commit, and after each line, as when the writer's
/// queue is empty, its idle upkeep (bounded merge steps, then a passive checkpoint), timed
/// apart: nobody waits on it.
public struct SaveBench {
    /// The figures, in milliseconds.
    public struct Figures: Sendable {
        public var p50: Double
        public var p99: Double
        /// One idle step of index merging (`HistoryStore.mergeIndex`), steps that did work only.
        public var mergeStepP99: Double
        /// Merge steps taken, all lines together.
        public var mergeSteps: Int
        public var checkpointP99: Double
        /// Segments of the line index after the lines: bounded, so search stays fast.
        public var segments: Int
    }

    let store: HistoryStore
    var lines = 1_000

    func run(at now: Date) throws -> Figures {
        var random = SplitMix(seed: 11)
        let live = try store.startConversation(at: now, language: "he")
        try store.setAutomaticCheckpoints(false)
        try store.setAutomaticIndexMerging(false)
        var save: [Double] = [], merges: [Double] = [], checkpoints: [Double] = []
        for id in 1...lines {
            let line = BenchText.line(id: id, hebrew: true, random: &random)
            save.append(try HistoryBench.time { try store.append([line], to: live) })
            for _ in 0..<HistoryStore.mergeStepsPerIdle {
                var worked = false
                let took = try HistoryBench.time { worked = try store.mergeIndex() }
                guard worked else { break }
                merges.append(took)
            }
            checkpoints.append(try HistoryBench.time { try store.checkpoint() })
        }
        try store.setAutomaticCheckpoints(true)
        return Figures(p50: HistoryBench.percentile(save, 50), p99: HistoryBench.percentile(save, 99),
                       mergeStepP99: HistoryBench.percentile(merges, 99), mergeSteps: merges.count,
                       checkpointP99: HistoryBench.percentile(checkpoints, 99), segments: try store.indexSegments)
    }
}

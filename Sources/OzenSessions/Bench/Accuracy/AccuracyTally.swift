import Foundation
import OzenKit

extension AccuracyBench {
    /// Words wrong and CPU per row, added up over the recordings of each group (the clean
    /// tables, the table with the call, recordings given by name), for the summary at the end:
    /// one table with a few words wrong hides nothing, three seeds of it say more.
    struct Tally {
        private(set) var groups: [String] = []
        private(set) var rows: [String: [String]] = [:]
        private var counts: [String: WordErrorRate.Count] = [:]
        private var cpu: [String: Double] = [:]
        private var seconds: [String: Double] = [:]

        mutating func add(group: String, row: String, count: WordErrorRate.Count, cpu used: Double?, audioSeconds: Double) {
            if !groups.contains(group) { groups.append(group) }
            if !(rows[group] ?? []).contains(row) { rows[group, default: []].append(row) }
            let key = group + "\u{0}" + row
            counts[key] = (counts[key] ?? WordErrorRate.Count(errors: 0, referenceWords: 0)) + count
            if let used {
                cpu[key, default: 0] += used
                seconds[key, default: 0] += audioSeconds
            }
        }

        func lines(recordings: [String: Int]) -> [String] {
            var out: [String] = []
            for group in groups {
                out.append("\n== all \(recordings[group] ?? 0) \(group), words wrong added up")
                for row in rows[group] ?? [] {
                    let key = group + "\u{0}" + row
                    guard let count = counts[key] else { continue }
                    let perMinute = cpu[key].flatMap { c in seconds[key].map { c / $0 * 60 } }
                    out.append(row.padding(toLength: 52, withPad: " ", startingAt: 0)
                               + String(format: "  %5.1f%%  (%3d of %4d)", 100 * count.rate, count.errors, count.referenceWords)
                               + (perMinute.map { String(format: "   CPU %5.1f s/min", $0) } ?? ""))
                }
            }
            return out
        }
    }
}

import Foundation
import OzenIO
import OzenKit
import Synchronization

/// `ozen bench serve --clients N [--minutes M] [--idle K]`: the home server under a family's
/// load, measured from the clients' side of protocol v1 and from /proc for the server.
///
/// - N clients stream real recordings at real time at once, each joining after a random
///   pause; with --minutes they keep coming and going (one stream in five hangs up midway)
///   until the time is up. Per client: final-line latency (median, p90, max: arrival minus
///   the speech's end), lines lost (a final missing from the numbering, or a stream cut off
///   without its close), and streams refused as busy.
/// - --idle K: K connections that never say hello, then how long a client waits for `ready`,
///   against the same client with no flood in the same run, and how many of the flood the
///   server closed.
/// - The server: CPU seconds per minute of audio streamed, peak memory, open descriptors and
///   threads before and after, and its heap through the clients' time (`ServerHeapWatch`).
public enum ServeLoadBench {
    public struct Options: Sendable {
        public var clients: Int
        public var minutes: Double?
        public var idle: Int
        public var seed: UInt64
        public var language: String
        public init(clients: Int, minutes: Double?, idle: Int, seed: UInt64, language: String) {
            self.clients = clients
            self.minutes = minutes
            self.idle = idle
            self.seed = seed
            self.language = language
        }
    }

    /// What one client saw over its streams.
    final class ClientRecord: Sendable {
        struct Counts {
            var settle: [Double] = []
            var streams = 0
            var lost = 0
            var refused = 0
            var hungUp = 0
            var audioSeconds = 0.0
        }
        private let state = Mutex(Counts())

        /// What was counted so far.
        var counts: Counts { state.withLock { $0 } }

        func count(_ change: (inout Counts) -> Void) { state.withLock { change(&$0) } }
    }

    /// Seconds for the last pipelines to end and their threads to go before memory is read.
    static let settle = 3.0

    /// Runs the load on `server`, handing each printed line to `write`.
    public static func run(_ options: Options, recordings: [[Float]], server: BenchServer, write: (String) -> Void) throws {
        let before = ServerLoad(pid: server.process.processIdentifier)
        if options.idle > 0 { try idleFlood(options.idle, port: server.port, language: options.language, write: write) }

        let alone = ClientRecord()
        let aloneBefore = ServerLoad(pid: server.process.processIdentifier)
        for samples in recordings { try stream(samples, port: server.port, language: options.language, into: alone, hangUpAt: nil) }
        // Warm is measured as the end is: once the last pipeline has ended and its threads gone.
        Thread.sleep(forTimeInterval: settle)
        let busyBefore = ServerLoad(pid: server.process.processIdentifier)
        let heapWatch = ServerHeapWatch(pid: server.process.processIdentifier)
        let records = (0..<options.clients).map { _ in ClientRecord() }
        let deadline = options.minutes.map { Date(timeIntervalSinceNow: $0 * 60) }
        let port = server.port
        let group = DispatchGroup()
        for (index, record) in records.enumerated() {
            let thread = Thread {
                var random = SplitMix(seed: options.seed &+ UInt64(index) &* 7919)
                var order = Array(recordings.indices).shuffled(using: &random)
                repeat {
                    Thread.sleep(forTimeInterval: Double.random(in: 0...3, using: &random))
                    if order.isEmpty { order = Array(recordings.indices).shuffled(using: &random) }
                    let samples = recordings[order.removeFirst()]
                    let hangUp = deadline != nil && Int.random(in: 0..<5, using: &random) == 0
                        ? Double.random(in: 0.2...0.8, using: &random) : nil
                    do {
                        try stream(samples, port: port, language: options.language, into: record, hangUpAt: hangUp)
                    } catch {
                        record.count { $0.lost += 1 }
                        FileHandle.standardError.write(Data("ozen: client \(index + 1): \(error)\n".utf8))
                    }
                } while deadline.map { Date() < $0 } ?? !order.isEmpty
                group.leave()
            }
            group.enter()
            thread.start()
        }
        group.wait()
        let busyAfter = ServerLoad(pid: server.process.processIdentifier)
        let heapUnderLoad = heapWatch.stop()
        Thread.sleep(forTimeInterval: settle)
        let after = ServerLoad(pid: server.process.processIdentifier)

        func figures(_ values: [Double]) -> String {
            guard let median = Percentile.median(values), let p90 = Percentile.of(values, 90), let most = values.max() else { return "no finals" }
            return String(format: "median %.2f s, p90 %.2f s, max %.2f s", median, p90, most)
        }
        write("final lines after the speech ended, recordings streamed at real time:")
        write("  one client alone, each recording once: \(alone.counts.settle.count) finals, \(figures(alone.counts.settle))")
        write("  \(options.clients) clients at once\(options.minutes.map { String(format: " for %.1f min, coming and going", $0) } ?? ""):")
        let counted = records.map(\.counts)
        for (index, record) in counted.enumerated() {
            write("    client \(index + 1): \(record.streams) streams (\(record.hungUp) hung up midway), "
                  + "\(record.settle.count) finals, \(figures(record.settle)), lost \(record.lost), refused \(record.refused)")
        }
        let all = counted.flatMap(\.settle)
        write("    all: \(all.count) finals, \(figures(all)), lost \(counted.reduce(0) { $0 + $1.lost }), "
              + "refused \(counted.reduce(0) { $0 + $1.refused })")
        if let together = Percentile.of(all, 90), let single = Percentile.of(alone.counts.settle, 90), single > 0 {
            write(String(format: "    ratio of p90s (%d clients / one alone): %.2f", options.clients, together / single))
        }
        let audio = counted.reduce(0) { $0 + $1.audioSeconds }
        write("server:")
        write(String(format: "  CPU %.1f s per minute of audio with one client alone",
                     (busyBefore.cpuSeconds - aloneBefore.cpuSeconds) / max(alone.counts.audioSeconds, 1) * 60))
        if audio > 0 {
            write(String(format: "  CPU %.1f s per minute of audio streamed (%.0f s of audio by %d clients)",
                         (busyAfter.cpuSeconds - busyBefore.cpuSeconds) / audio * 60, audio, options.clients))
        }
        write(String(format: "  peak memory %.0f MiB; in use %.0f MiB at the start, %.0f MiB after the first client (warm), %.0f MiB at the end (%+.1f%% of warm)",
                     after.peakMiB, before.residentMiB, busyBefore.residentMiB, after.residentMiB,
                     (after.residentMiB / max(busyBefore.residentMiB, 1) - 1) * 100))
        write(String(format: "    of which its own (heap, arenas, stacks) %.0f, %.0f and %.0f MiB (%+.1f%%); read from files (code, models) %.0f, %.0f and %.0f MiB",
                     before.anonymousMiB, busyBefore.anonymousMiB, after.anonymousMiB,
                     (after.anonymousMiB / max(busyBefore.anonymousMiB, 1) - 1) * 100,
                     before.fileMiB, busyBefore.fileMiB, after.fileMiB))
        if let warmHeap = busyBefore.heapMiB, let endHeap = after.heapMiB, !heapUnderLoad.isEmpty {
            write(String(format: "    its heap (glibc's arena of small blocks) %.0f MiB warm; the most in each fifth of the %d clients' time ", warmHeap, options.clients)
                  + heapUnderLoad.map { String(format: "%.0f", $0) }.joined(separator: ", ")
                  + String(format: " MiB; %.0f MiB at the end", endHeap))
        }
        write("  open descriptors \(before.descriptors) at the start, \(busyBefore.descriptors) warm, \(after.descriptors) at the end; "
              + "threads \(before.threads), \(busyBefore.threads) and \(after.threads)")
        write("  asked to stop: \(server.stopAndSayHow())")
    }
}

import Foundation
import OzenIO
import OzenKit

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
enum ServeLoadBench {
    struct Options {
        var clients: Int
        var minutes: Double?
        var idle: Int
        var seed: UInt64
        var language: String
    }

    /// What one client saw over its streams.
    final class ClientRecord: @unchecked Sendable {
        var settle: [Double] = []
        var streams = 0
        var lost = 0
        var refused = 0
        var hungUp = 0
        var audioSeconds = 0.0
    }

    /// Seconds for the last pipelines to end and their threads to go before memory is read.
    static let settle = 3.0

    static func run(_ options: Options, recordings: [[Float]], server: BenchServer) throws {
        let before = ServerLoad(pid: server.process.processIdentifier)
        if options.idle > 0 { try idleFlood(options.idle, port: server.port, language: options.language) }

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
                var random = SeededOrder(seed: options.seed &+ UInt64(index) &* 7919)
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
                        record.lost += 1
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
        print("final lines after the speech ended, recordings streamed at real time:")
        print("  one client alone, each recording once: \(alone.settle.count) finals, \(figures(alone.settle))")
        print("  \(options.clients) clients at once\(options.minutes.map { String(format: " for %.1f min, coming and going", $0) } ?? ""):")
        for (index, record) in records.enumerated() {
            print("    client \(index + 1): \(record.streams) streams (\(record.hungUp) hung up midway), "
                  + "\(record.settle.count) finals, \(figures(record.settle)), lost \(record.lost), refused \(record.refused)")
        }
        let all = records.flatMap(\.settle)
        print("    all: \(all.count) finals, \(figures(all)), lost \(records.reduce(0) { $0 + $1.lost }), "
              + "refused \(records.reduce(0) { $0 + $1.refused })")
        if let together = Percentile.of(all, 90), let single = Percentile.of(alone.settle, 90), single > 0 {
            print(String(format: "    ratio of p90s (%d clients / one alone): %.2f", options.clients, together / single))
        }
        let audio = records.reduce(0) { $0 + $1.audioSeconds }
        print("server:")
        print(String(format: "  CPU %.1f s per minute of audio with one client alone",
                     (busyBefore.cpuSeconds - aloneBefore.cpuSeconds) / max(alone.audioSeconds, 1) * 60))
        if audio > 0 {
            print(String(format: "  CPU %.1f s per minute of audio streamed (%.0f s of audio by %d clients)",
                         (busyAfter.cpuSeconds - busyBefore.cpuSeconds) / audio * 60, audio, options.clients))
        }
        print(String(format: "  peak memory %.0f MiB; in use %.0f MiB at the start, %.0f MiB after the first client (warm), %.0f MiB at the end (%+.1f%% of warm)",
                     after.peakMiB, before.residentMiB, busyBefore.residentMiB, after.residentMiB,
                     (after.residentMiB / max(busyBefore.residentMiB, 1) - 1) * 100))
        print(String(format: "    of which its own (heap, arenas, stacks) %.0f, %.0f and %.0f MiB (%+.1f%%); read from files (code, models) %.0f, %.0f and %.0f MiB",
                     before.anonymousMiB, busyBefore.anonymousMiB, after.anonymousMiB,
                     (after.anonymousMiB / max(busyBefore.anonymousMiB, 1) - 1) * 100,
                     before.fileMiB, busyBefore.fileMiB, after.fileMiB))
        if let warmHeap = busyBefore.heapMiB, let endHeap = after.heapMiB, !heapUnderLoad.isEmpty {
            print(String(format: "    its heap (glibc's arena of small blocks) %.0f MiB warm; the most in each fifth of the %d clients' time ", warmHeap, options.clients)
                  + heapUnderLoad.map { String(format: "%.0f", $0) }.joined(separator: ", ")
                  + String(format: " MiB; %.0f MiB at the end", endHeap))
        }
        print("  open descriptors \(before.descriptors) at the start, \(busyBefore.descriptors) warm, \(after.descriptors) at the end; "
              + "threads \(before.threads), \(busyBefore.threads) and \(after.threads)")
        print("  asked to stop: \(server.stopAndSayHow())")
    }

    /// Streams one recording at real time (100 ms frames) and records its finals.
    /// `hangUpAt`: the share of the recording after which the client vanishes without `end`.
    static func stream(_ samples: [Float], port: Int, language: String, into record: ClientRecord, hangUpAt: Double?) throws {
        let client = try WebSocketClient.connect(host: "127.0.0.1", port: port)
        defer { client.close() }
        try client.send(text: #"{"type":"hello","version":1,"language":"\#(language)","purpose":"captions"}"#)
        let answer = object(client.receive(timeout: 60)?.text)
        if answer["code"] as? String == "busy" { record.refused += 1; return }
        guard answer["type"] as? String == "ready" else { throw BenchServerError.notReady("no ready: \(answer)") }
        record.streams += 1
        let frames = PCMFrames(samples).frames
        let sent = hangUpAt.map { Int(Double(frames.count) * $0) } ?? frames.count
        record.audioSeconds += Double(sent) * PCMFrames.seconds
        let start = Date()
        let sender = Thread {
            for (i, frame) in frames.prefix(sent).enumerated() {
                let due = start.addingTimeInterval(Double(i + 1) * PCMFrames.seconds)
                if due.timeIntervalSinceNow > 0 { Thread.sleep(until: due) }
                try? client.send(binary: frame)
            }
            if hangUpAt == nil { try? client.send(text: #"{"type":"end"}"#) } else { client.close(code: 1001) }
        }
        sender.start()
        var nextUtterance = 0
        var closedNormally = false
        while let frame = client.receive(timeout: Double(samples.count) / 16_000 + 120) {
            if case .close(let code) = frame { closedNormally = code == 1000; break }
            let message = object(frame.text)
            guard message["type"] as? String == "text", message["final"] as? Bool == true,
                  let utterance = message["utterance"] as? Int else { continue }
            if utterance != nextUtterance { record.lost += abs(utterance - nextUtterance) }
            nextUtterance = utterance + 1
            if (message["text"] as? String)?.isEmpty == false, let end = (message["end_s"] as? NSNumber)?.doubleValue {
                record.settle.append(Date().timeIntervalSince(start) - (end - 0.3))
            }
        }
        if hangUpAt != nil { record.hungUp += 1 } else if !closedNormally { record.lost += 1 }
    }

    /// `count` connections that never say hello; then a client's wait for `ready`, five times
    /// without them and five times with them.
    static func idleFlood(_ count: Int, port: Int, language: String) throws {
        func readyWait() throws -> Double {
            let client = try WebSocketClient.connect(host: "127.0.0.1", port: port)
            defer { client.close() }
            let asked = Date()
            try client.send(text: #"{"type":"hello","version":1,"language":"\#(language)","purpose":"check"}"#)
            guard object(client.receive(timeout: 30)?.text)["type"] as? String == "ready" else {
                throw BenchServerError.notReady("no ready beside the idle connections")
            }
            return Date().timeIntervalSince(asked)
        }
        let quiet = try (0..<5).map { _ in try readyWait() }
        let opened = Date()
        var flood: [RawWebSocket] = []
        var failed = 0
        for _ in 0..<count {
            do { flood.append(try RawWebSocket(port: port)) } catch { failed += 1 }
        }
        let openSeconds = Date().timeIntervalSince(opened)
        let flooded = try (0..<5).map { _ in try readyWait() }
        // The server's grace for a close, and a second more, before counting what it closed.
        Thread.sleep(forTimeInterval: WebSocketPeer.closeGrace + 1)
        let closed = flood.filter(\.serverClosed).count
        print("idle connections that never say hello:")
        print(String(format: "  %d opened in %.1f s (%d could not connect); the server closed %d of them, the rest wait for the 10 s hello deadline",
                     flood.count, openSeconds, failed, closed))
        print(String(format: "  a client's wait for ready: median %.3f s with them, %.3f s without (same run)",
                     Percentile.median(flooded) ?? 0, Percentile.median(quiet) ?? 0))
    }

    static func object(_ text: String?) -> [String: Any] {
        guard let text else { return [:] }
        return (try? JSONSerialization.jsonObject(with: Data(text.utf8))) as? [String: Any] ?? [:]
    }
}

/// The server process's costs, from /proc.
struct ServerLoad {
    var cpuSeconds = 0.0
    var peakMiB = 0.0
    var residentMiB = 0.0
    /// The resident part that is the process's own (heap, arenas, stacks), and the part read
    /// from files (code, mapped models): a leak grows the first, pages of the libraries' code
    /// touched for the first time the second.
    var anonymousMiB = 0.0
    var fileMiB = 0.0
    var descriptors = 0
    var threads = 0
    /// Its heap (`ServerHeapWatch.heapMiB`), nil when /proc does not show it.
    var heapMiB: Double?

    init(pid: Int32) {
        if let stat = try? String(contentsOfFile: "/proc/\(pid)/stat", encoding: .utf8),
           let close = stat.lastIndex(of: ")") {
            let fields = stat[stat.index(after: close)...].split(separator: " ")
            // utime and stime are fields 14 and 15 of stat; fields[0] here is field 3.
            if fields.count > 13, let user = Double(fields[11]), let system = Double(fields[12]) {
                cpuSeconds = (user + system) / Double(sysconf(Int32(_SC_CLK_TCK)))
            }
        }
        if let status = try? String(contentsOfFile: "/proc/\(pid)/status", encoding: .utf8) {
            var fields: [String: Double] = [:]  // "VmRSS:" → its number (kB for the sizes)
            for line in status.split(separator: "\n") {
                let parts = line.split(whereSeparator: { $0 == " " || $0 == "\t" })
                if parts.count > 1, let value = Double(parts[1]) { fields[String(parts[0])] = value }
            }
            peakMiB = (fields["VmHWM:"] ?? 0) / 1024
            residentMiB = (fields["VmRSS:"] ?? 0) / 1024
            anonymousMiB = (fields["RssAnon:"] ?? 0) / 1024
            fileMiB = (fields["RssFile:"] ?? 0) / 1024
            threads = Int(fields["Threads:"] ?? 0)
        }
        heapMiB = ServerHeapWatch.heapMiB(pid: pid)
        descriptors = (try? FileManager.default.contentsOfDirectory(atPath: "/proc/\(pid)/fd").count) ?? 0
    }
}

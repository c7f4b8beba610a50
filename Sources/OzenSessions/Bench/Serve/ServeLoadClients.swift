import Foundation
import OzenIO
import OzenKit

extension ServeLoadBench {
    /// Streams one recording at real time (100 ms frames) and records its finals.
    /// `hangUpAt`: the share of the recording after which the client vanishes without `end`.
    static func stream(_ samples: [Float], port: Int, language: String, into record: ClientRecord, hangUpAt: Double?) throws {
        let client = try WebSocketClient.connect(host: "127.0.0.1", port: port)
        defer { client.close() }
        try client.send(text: #"{"type":"hello","version":1,"language":"\#(language)","purpose":"captions"}"#)
        let answer = object(client.receive(timeout: 60)?.text)
        if answer["code"] as? String == "busy" { record.count { $0.refused += 1 }; return }
        guard answer["type"] as? String == "ready" else { throw BenchServerError.notReady("no ready: \(answer)") }
        record.count { $0.streams += 1 }
        let frames = PCMFrames(samples).frames
        let sent = hangUpAt.map { Int(Double(frames.count) * $0) } ?? frames.count
        record.count { $0.audioSeconds += Double(sent) * PCMFrames.seconds }
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
            if utterance != nextUtterance { record.count { $0.lost += abs(utterance - nextUtterance) } }
            nextUtterance = utterance + 1
            if (message["text"] as? String)?.isEmpty == false, let end = (message["end_s"] as? NSNumber)?.doubleValue {
                record.count { $0.settle.append(Date().timeIntervalSince(start) - (end - 0.3)) }
            }
        }
        if hangUpAt != nil { record.count { $0.hungUp += 1 } } else if !closedNormally { record.count { $0.lost += 1 } }
    }

    /// `count` connections that never say hello; then a client's wait for `ready`, five times
    /// without them and five times with them.
    static func idleFlood(_ count: Int, port: Int, language: String, write: (String) -> Void) throws {
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
        write("idle connections that never say hello:")
        write(String(format: "  %d opened in %.1f s (%d could not connect); the server closed %d of them, the rest wait for the 10 s hello deadline",
                     flood.count, openSeconds, failed, closed))
        write(String(format: "  a client's wait for ready: median %.3f s with them, %.3f s without (same run)",
                     Percentile.median(flooded) ?? 0, Percentile.median(quiet) ?? 0))
    }

    static func object(_ text: String?) -> [String: Any] {
        guard let text else { return [:] }
        return (try? JSONSerialization.jsonObject(with: Data(text.utf8))) as? [String: Any] ?? [:]
    }
}

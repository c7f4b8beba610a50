import Foundation
import OzenIO
import OzenKit
import OzenTestSupport
import Testing

/// The home server under the loads a family's Wi-Fi brings, against the real `ozen serve`:
/// a flood of connections that never say hello, four phones at once, a client that sends
/// ten times faster than it speaks, one that stops reading. Each test ends by checking that
/// nothing was lost on the good connection: every utterance one final, the words right.
/// (How fast is the bench's business: `ozen bench serve --clients 4 --idle 300 --table`.)
@Suite(.serialized) struct HomeServerLoadTests {
    typealias Home = HomeProtocolServeTests

    /// Streams `frames` on a connection that already has `ready`, and checks every line came.
    static func streamAndCheck(_ frames: [[UInt8]], on client: WebSocketClient, reference: String,
                               pace: Double = 0.01) throws -> [[String: Any]] {
        let messages = try Home.stream(frames, to: client, pace: pace)
        let words = Home.finals(messages).joined(separator: " ")
        #expect(WordErrorRate.count(reference: reference, hypothesis: words).rate <= 0.1, "finals: \(words)")
        return messages
    }

    static func ready(_ client: WebSocketClient, token: String? = nil) throws {
        try client.send(text: Home.hello(token: token))
        let answer = Home.object(client.receive(timeout: 60)?.text ?? "")
        #expect(answer["type"] as? String == "ready", "answer: \(answer)")
    }

    @Test func aFloodOfIdleConnectionsCannotLockOutAPairedClient() throws {
        let server = try ServeProcess(["--lan", "--no-speakers", "--language", "en"])
        defer { server.stop() }
        // 300 connections that never say hello: before, the 33rd could not even connect.
        var flood: [RawWebSocket] = []
        for _ in 0..<300 { flood.append(try RawWebSocket(port: server.port)) }
        #expect(flood.count == 300)

        let paired = try WebSocketClient.connect(host: "127.0.0.1", port: server.port)
        defer { paired.close() }
        try Self.ready(paired, token: try Home.token(of: server))
        _ = try Self.streamAndCheck(try Home.frames(Fixtures.jfk.path), on: paired, reference: Fixtures.jfk.transcript)

        // Those pushed out were hung up on, not left holding a thread; the newest few still
        // wait for their hello deadline.
        let limits = ConnectionLimits.Settings()
        var closed = 0
        for _ in 0..<40 {
            closed = flood.filter(\.serverClosed).count
            if closed >= flood.count - limits.waitingPerAddress { break }
            Thread.sleep(forTimeInterval: 0.5)
        }
        #expect(closed >= flood.count - limits.waitingPerAddress, "closed \(closed) of \(flood.count)")
    }

    @Test func fourClientsAtOnceEachGetEveryLine() throws {
        let server = try ServeProcess(["--no-speakers", "--language", "en"])
        defer { server.stop() }
        let frames = try Home.frames(Fixtures.jfk.path)
        let clients = try (0..<4).map { _ in try WebSocketClient.connect(host: "127.0.0.1", port: server.port) }
        defer { clients.forEach { $0.close() } }
        for client in clients { try Self.ready(client) }
        let results = ClientMessages()
        let group = DispatchGroup()
        for (index, client) in clients.enumerated() {
            group.enter()
            Thread {
                let messages = (try? Home.stream(frames, to: client, pace: 0.05)) ?? []
                results.set(index, messages)
                group.leave()
            }.start()
        }
        #expect(group.wait(timeout: .now() + 300) == .success)
        for index in clients.indices {
            let words = Home.finals(results.get(index)).joined(separator: " ")
            #expect(WordErrorRate.count(reference: Fixtures.jfk.transcript, hypothesis: words).rate <= 0.1,
                    "client \(index + 1): \(words)")
        }
    }

    @Test func aClientSendingFarFasterThanItSpeaksIsHeldBackAndLosesNothing() throws {
        let server = try ServeProcess(["--no-speakers", "--language", "en"])
        defer { server.stop() }
        let jfk = try Home.frames(Fixtures.jfk.path)
        // 67 s of different speech (the call, the LibriVox readers, Kennedy) in about a second,
        // a hundred times faster than spoken: far more than the 30 s the server lets wait. (The same clip over and over would not do:
        // with the earlier text as its prompt, Whisper skips what was said before.)
        let call = Fixtures.path("pyannote/sample.wav")
        let clips = [call] + (try Fixtures.librivox()).map(\.path) + [Fixtures.jfk.path]
        let frames = try clips.flatMap { try Home.frames($0) }
        // The call's words are in its STM file: `sample 1 SPEAKER START END words…`.
        let callWords = try String(contentsOfFile: Fixtures.path("pyannote/sample.stm"), encoding: .utf8)
            .split(separator: "\n").map { $0.split(separator: " ", maxSplits: 5).dropFirst(5).joined() }.joined(separator: " ")
        let reference = try ([callWords] + (try Fixtures.librivox()).map(\.transcript)
            + [Fixtures.jfk.transcript]).joined(separator: " ")
        let fast = try WebSocketClient.connect(host: "127.0.0.1", port: server.port)
        let good = try WebSocketClient.connect(host: "127.0.0.1", port: server.port)
        defer { fast.close(); good.close() }
        try Self.ready(fast)
        try Self.ready(good)
        let fastMessages = ClientMessages()
        let sender = Thread {
            fastMessages.set(0, (try? Home.stream(frames, to: fast, pace: 0.001)) ?? [])
        }
        sender.start()
        _ = try Self.streamAndCheck(jfk, on: good, reference: Fixtures.jfk.transcript, pace: 0.1)
        for _ in 0..<600 where fastMessages.get(0).isEmpty { Thread.sleep(forTimeInterval: 0.5) }
        let messages = fastMessages.get(0)
        #expect(messages.contains { $0["type"] as? String == "status" && $0["state"] as? String == "too_fast" },
                "the fast client was never told")
        // Base on the call alone misses about one word in six; a stretch dropped would cost far more.
        let words = Home.finals(messages).joined(separator: " ")
        #expect(WordErrorRate.count(reference: reference, hypothesis: words).rate <= 0.25, "finals: \(words)")
    }

    @Test func aClientThatStopsReadingHoldsUpOnlyItselfAndIsHungUpOn() throws {
        let server = try ServeProcess(["--no-speakers", "--language", "en"])
        defer { server.stop() }
        let jfk = try Home.frames(Fixtures.jfk.path)
        // This one streams and says `end`, but never reads a word the server sends, nor its close.
        let deaf = try RawWebSocket(port: server.port)
        try deaf.send(text: Home.hello(token: nil))
        let deafSender = Thread {
            for frame in Array(repeating: jfk, count: 2).flatMap({ $0 }) {
                try? deaf.send(binary: frame)
                Thread.sleep(forTimeInterval: 0.02)
            }
            try? deaf.send(text: #"{"type":"end"}"#)
        }
        deafSender.start()
        let good = try WebSocketClient.connect(host: "127.0.0.1", port: server.port)
        defer { good.close() }
        try Self.ready(good)
        _ = try Self.streamAndCheck(jfk, on: good, reference: Fixtures.jfk.transcript, pace: 0.05)
        // After its finals and close were sent, the server gave it a grace and hung up.
        var closed = false
        for _ in 0..<240 where !closed {
            Thread.sleep(forTimeInterval: 0.5)
            closed = deaf.serverClosed
        }
        #expect(closed, "the server never hung up on the client that stopped reading")
    }
}

/// What each client's thread collected.
final class ClientMessages: @unchecked Sendable {
    private let lock = NSLock()
    private var values: [Int: [[String: Any]]] = [:]
    func set(_ index: Int, _ messages: [[String: Any]]) { lock.lock(); values[index] = messages; lock.unlock() }
    func get(_ index: Int) -> [[String: Any]] { lock.lock(); defer { lock.unlock() }; return values[index] ?? [] }
}

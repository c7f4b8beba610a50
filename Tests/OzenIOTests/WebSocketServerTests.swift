import Foundation
@testable import OzenIO
import OzenKit
import Testing

/// The WebSocket side of the project's web server with a real client over 127.0.0.1: each
/// connection's messages reach its own handler in order, `closed` comes once, and the server
/// lets each connection's state go after it closed, also when CivetWeb hands its one thread
/// (and so the same handle) to the next connection while the last one's `closed` still runs.
@Suite(.serialized) struct WebSocketServerTests {
    /// Echoes each text back and counts closes; its `closed` takes a while, as a real handler's
    /// clean-up may, so the next connection's upgrade comes first.
    final class Echo: WebSocketHandler, @unchecked Sendable {
        let peer: WebSocketPeer
        let closes: Closes
        init(peer: WebSocketPeer, closes: Closes) {
            self.peer = peer
            self.closes = closes
        }
        func received(text: String) { peer.send(text: "echo " + text) }
        func received(binary: [UInt8]) { peer.send(binary: binary) }
        func closed() {
            Thread.sleep(forTimeInterval: 0.2)
            closes.add()
        }
    }

    final class Closes: @unchecked Sendable {
        private let lock = NSLock()
        private var count = 0
        func add() { lock.withLock { count += 1 } }
        var value: Int { lock.withLock { count } }
    }

    static func server(threads: Int, closes: Closes) throws -> WebServer {
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("ozen-websocket-\(UUID())")
        try FileManager.default.createDirectory(at: root, withIntermediateDirectories: true)
        var options = WebServer.Options(address: ListenAddress(host: "127.0.0.1", port: 0), documentRoot: root.path)
        options.threads = threads
        return try WebServer(options: options, routes: []) { peer, _ in Echo(peer: peer, closes: closes) }
    }

    /// Waits (at most 10 s) until `done` holds.
    static func eventually(_ done: () -> Bool) -> Bool {
        for _ in 0..<200 {
            if done() { return true }
            Thread.sleep(forTimeInterval: 0.05)
        }
        return done()
    }

    @Test func connectionsOneAfterAnotherOnOneThreadAreEachAnsweredAndLetGo() throws {
        let closes = Closes()
        let server = try Self.server(threads: 1, closes: closes)
        defer { server.stop() }
        for round in 0..<12 {
            let client = try WebSocketClient.connect(host: "127.0.0.1", port: server.port)
            for word in ["one", "two", "three"] { try client.send(text: "\(round) \(word)") }
            let answers = (0..<3).compactMap { _ in client.receive(timeout: 10)?.text }
            #expect(answers == ["echo \(round) one", "echo \(round) two", "echo \(round) three"], "round \(round)")
            try client.send(binary: [UInt8(round), 0, 255])
            #expect(client.receive(timeout: 10) == .binary([UInt8(round), 0, 255]), "round \(round)")
            client.close()
        }
        #expect(Self.eventually { closes.value == 12 && server.heldWebSockets == 0 },
                "closed \(closes.value) of 12; the server still holds \(server.heldWebSockets)")
    }

    @Test func connectionsOpenAtOnceAreEachAnsweredAndLetGoWhenTheyClose() throws {
        let closes = Closes()
        let server = try Self.server(threads: 8, closes: closes)
        defer { server.stop() }
        var clients: [WebSocketClient] = []
        for index in 0..<6 {
            let client = try WebSocketClient.connect(host: "127.0.0.1", port: server.port)
            try client.send(text: "hello \(index)")
            #expect(client.receive(timeout: 10)?.text == "echo hello \(index)")
            clients.append(client)
        }
        #expect(server.heldWebSockets == 6)
        clients.forEach { $0.close() }
        #expect(Self.eventually { closes.value == 6 && server.heldWebSockets == 0 },
                "closed \(closes.value) of 6; the server still holds \(server.heldWebSockets)")
    }
}

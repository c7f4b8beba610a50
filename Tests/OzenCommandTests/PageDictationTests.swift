import Foundation
import OzenIO
import OzenKit
import OzenTestSupport
import Testing

/// Dictation over protocol v1 (what the page's dictation panel speaks), against the real
/// `ozen serve --lan` with real recordings: a take's text comes back polished and is in the
/// history; a take past 60 s ends by itself; a phone gone mid-take loses nothing; the insert
/// endpoint wants the pairing token and JSON.
@Suite(.serialized) struct PageDictationTests {
    typealias Wire = HomeProtocolServeTests

    static func connect(_ server: ServeProcess) throws -> WebSocketClient {
        let client = try WebSocketClient.connect(host: "127.0.0.1", port: server.port)
        try client.send(text: Wire.hello(token: try Wire.token(of: server), purpose: "dictation"))
        let ready = Wire.object(client.receive(timeout: 30)?.text ?? "")
        #expect(ready["type"] as? String == "ready", "no ready: \(ready)")
        return client
    }

    /// The newest take in the server's history, as `ozen dictate last --raw` prints it.
    static func lastTake(of server: ServeProcess) throws -> OzenProcess.Result {
        try OzenProcess.run(["dictate", "last", "--raw", "--insert", "stdout"], environment: ["OZEN_HOME": server.home.path])
    }

    @Test func aTakeStreamedWithEndComesBackPolishedAndIsSaved() throws {
        let server = try ServeProcess(["--lan", "--no-speakers", "--language", "en"])
        defer { server.stop() }
        let client = try Self.connect(server)
        defer { client.close() }
        let messages = try Wire.stream(try Wire.frames(Fixtures.jfk.path), to: client)
        let take = try #require(messages.first { $0["type"] as? String == "dictation" }, "no dictation message: \(messages)")
        let raw = take["raw"] as? String ?? ""
        #expect(WordErrorRate.count(reference: Fixtures.jfk.transcript, hypothesis: raw).rate <= 0.1, "raw: \(raw)")
        #expect(take["polish"] as? String == "local")
        #expect((take["text"] as? String ?? "").lowercased().contains("my fellow americans"))
        #expect(take["cut_at_60_s"] as? Bool == false)
        #expect(abs((take["seconds"] as? Double ?? 0) - 11.0) < 0.2)
        // The words were shown while she spoke, as for captions.
        #expect(messages.contains { $0["type"] as? String == "text" })
        let last = try Self.lastTake(of: server)
        #expect(last.status == 0 && last.stdout.trimmingCharacters(in: .whitespacesAndNewlines) == raw, "history: \(last)")
    }

    @Test func aTakePastSixtySecondsEndsByItselfAtSixty() throws {
        let server = try ServeProcess(["--lan", "--no-speakers", "--language", "en", "--no-save"])
        defer { server.stop() }
        let client = try Self.connect(server)
        defer { client.close() }
        var frames: [[UInt8]] = []
        for clip in try Fixtures.librivox() + [Fixtures.jfk] { frames += try Wire.frames(clip.path) }
        frames += frames  // the recordings twice: 72 s
        #expect(frames.count > 700, "more than 70 s of audio")
        // Sent quickly, no `end`: the server ends the take at 60 s of audio.
        for frame in frames { try client.send(binary: frame) }
        var messages: [[String: Any]] = []
        while let frame = client.receive(timeout: 120) {
            if let text = frame.text { messages.append(Wire.object(text)) }
            if case .close = frame { break }
        }
        #expect(messages.contains { $0["type"] as? String == "status" && $0["state"] as? String == "take_limit" })
        let take = try #require(messages.first { $0["type"] as? String == "dictation" }, "no dictation message: \(messages.suffix(3))")
        #expect(take["cut_at_60_s"] as? Bool == true)
        #expect(abs((take["seconds"] as? Double ?? 0) - 60.0) < 0.01)
        #expect((take["raw"] as? String ?? "").split(separator: " ").count > 100, "a minute of reading: \(take["raw"] ?? "")")
    }

    @Test func aClientGoneMidTakeLosesNothing() throws {
        let server = try ServeProcess(["--lan", "--no-speakers", "--language", "en"])
        defer { server.stop() }
        let client = try Self.connect(server)
        for frame in try Wire.frames(Fixtures.jfk.path) { try client.send(binary: frame) }
        client.close()  // no `end`: the phone left the Wi-Fi
        var last = try Self.lastTake(of: server)
        let deadline = Date(timeIntervalSinceNow: 60)
        while last.status != 0, Date() < deadline {
            Thread.sleep(forTimeInterval: 0.5)
            last = try Self.lastTake(of: server)
        }
        #expect(last.status == 0, "the take was not saved: \(last.stderr)\nserver: \(server.stderr)")
        #expect(WordErrorRate.count(reference: Fixtures.jfk.transcript, hypothesis: last.stdout).rate <= 0.1, "saved: \(last.stdout)")
    }

    @Test func theInsertEndpointWantsTheTokenAndText() throws {
        let server = try ServeProcess(["--lan", "--no-speakers", "--dictation-insert", "stdout"])
        defer { server.stop() }
        let url = server.address + "api/dictation/insert"
        let body = Array(#"{"text":"Ask not what your country can do for you."}"#.utf8)
        let stranger = try PlainHTTP.post(url, headers: ["Content-Type": "application/json"], body: body)
        #expect(stranger.status == 401, "\(stranger.status) \(stranger.text)")
        let auth = ["Authorization": "Bearer " + (try Wire.token(of: server)), "Content-Type": "application/json"]
        let malformed = try PlainHTTP.post(url, headers: auth, body: Array("text=hello".utf8))
        #expect(malformed.status == 400 && malformed.text.contains("JSON"), "\(malformed.status) \(malformed.text)")
        let empty = try PlainHTTP.post(url, headers: auth, body: Array(#"{"text":"  "}"#.utf8))
        #expect(empty.status == 400, "\(empty.status) \(empty.text)")
        let good = try PlainHTTP.post(url, headers: auth, body: body)
        #expect(good.status == 200 && Wire.object(good.text)["inserted"] as? Bool == true, "\(good.status) \(good.text)")
        let get = try PlainHTTP.get(url, headers: auth)
        #expect(get.status == 405)
    }
}

import Foundation
import OzenIO
import OzenTestSupport
import Testing

/// Stopping `ozen serve` (Ctrl-C, SIGTERM) while it captions: the line being spoken is
/// finished and saved before the history closes, and the server waits for every pipeline
/// before it exits, so a stream in the middle of a pass cannot crash the exit.
@Suite(.serialized) struct ServeStopTests {
    /// Sends SIGTERM and waits (bounded) for the server to exit by itself.
    static func terminate(_ server: ServeProcess) -> Bool {
        server.process.terminate()
        let deadline = Date(timeIntervalSinceNow: 20)
        while server.process.isRunning && Date() < deadline { Thread.sleep(forTimeInterval: 0.05) }
        return !server.process.isRunning
    }

    @Test("stopped in the middle of a sentence of its recording, the server saves that sentence and replays no further")
    func theSentenceBeingSpokenIsSaved() throws {
        // JFK: "And so my fellow Americans" (0–3 s), "ask not what your country can do for
        // you" (3.5–7 s), "ask what you can do for your country" (from 8 s).
        let server = try ServeProcess(["--source", Fixtures.jfk.path, "--realtime", "--language", "en", "--no-speakers", "--no-sounds"])
        defer { server.stop() }
        Thread.sleep(forTimeInterval: 6.5)
        let exited = Self.terminate(server)
        #expect(exited, "ozen serve did not exit within 20 s of SIGTERM; it said:\n\(server.stderr)")
        #expect(server.process.terminationReason == .exit && server.process.terminationStatus == 0,
                "ozen serve did not exit cleanly; it said:\n\(server.stderr)")
        let export = try OzenProcess.run(["history", "export", "1", "--format", "text"], environment: ["OZEN_HOME": server.home.path])
        let text = export.stdout.lowercased()
        #expect(export.status == 0, "history export failed: \(export.stderr)")
        #expect(text.contains("fellow americans"), "the history holds: \(text)")
        #expect(text.contains("ask not"), "the open sentence was not saved; the history holds: \(text)")
        #expect(!text.contains("ask what you can do"), "the replay went on after the stop; the history holds: \(text)")
    }

    @Test("stopped while two clients' passes run, the server waits for them and exits cleanly")
    func streamsMidPassEndBeforeTheExit() throws {
        // With glibc unmapping each freed block of 1 MiB or more at once (`Launch`), a pass still
        // running while the process tears down would touch memory that is gone and crash.
        let server = try ServeProcess(["--lan", "--no-speakers", "--language", "en"])
        defer { server.stop() }
        let token = try HomeProtocolServeTests.token(of: server)
        let frames = try HomeProtocolServeTests.frames(Fixtures.jfk.path)
        var clients: [WebSocketClient] = []
        defer { clients.forEach { $0.close() } }
        for _ in 0..<2 {
            let client = try WebSocketClient.connect(host: "127.0.0.1", port: server.port)
            clients.append(client)
            try client.send(text: HomeProtocolServeTests.hello(token: token))
            #expect(HomeProtocolServeTests.object(client.receive(timeout: 30)?.text ?? "")["type"] as? String == "ready")
        }
        // Nine seconds of speech each, sent at once: both pipelines have passes to run.
        for frame in frames.prefix(90) {
            for client in clients { try client.send(binary: frame) }
        }
        Thread.sleep(forTimeInterval: 1.5)
        let exited = Self.terminate(server)
        #expect(exited, "ozen serve did not exit within 20 s of SIGTERM; it said:\n\(server.stderr)")
        #expect(server.process.terminationReason == .exit && server.process.terminationStatus == 0,
                "ozen serve did not exit cleanly; it said:\n\(server.stderr)")
        #expect(!server.stderr.contains("still running"), "it said:\n\(server.stderr)")
    }
}

import Foundation
import OzenKit
import OzenTestSupport
import Testing

/// The caption window over a call, end to end: the built `ozen serve` and `ozen-window`, a real
/// X11 desktop (Xvfb with Debian's Openbox as its window manager) or a real Wayland one (sway,
/// headless), a real PulseAudio server and a real recording played into its output.
@Suite(.serialized) struct CaptionWindowTests {
    static let window = OzenProcess.binary.deletingLastPathComponent().appendingPathComponent("ozen-window")

    /// What the window's report says of the lines it shows, newest report last.
    static func shownLines(_ events: [[String: Any]]) -> [[String]] {
        events.compactMap { $0["lines"] as? [String] }
    }

    @Test func serveWindowStaysAboveTheCallAndShowsItsLastLines() throws {
        let desktop = try TestDesktop()
        defer { desktop.stop() }
        try desktop.windowManager()
        let sound = try TestSoundServer(outputs: ["call"])
        let environment = ["DISPLAY": desktop.display, "PULSE_SERVER": sound.address, "WAYLAND_DISPLAY": ""]
        let server = try ServeProcess(["--device", "computer:call", "--window", "--window-lines", "2", "--no-save", "--language", "en", "--no-speakers"],
                                      environment: environment)
        defer { server.stop() }

        // The window `serve --window` opened: on the desktop, titled, kept above the others.
        let shown = try #require(try Self.captionWindow(on: desktop), "no caption window on the desktop; serve said: \(server.stderr)")
        #expect(shown.properties.contains("_NET_WM_STATE_ABOVE"), "\(shown.properties)")

        // A second window on the same page, reporting what it shows, while JFK plays in the call.
        let reporter = try RunningOzen([server.address, "--report", "--snapshot", Self.snapshotPath()],
                                       environment: environment, program: Self.window)
        defer { reporter.kill() }
        #expect(reporter.wait(upTo: 60) { $0.first?["above"] as? String == "x11" }, "\(reporter.events)")
        let player = try sound.play(Fixtures.jfk.path, on: "call")
        #expect(reporter.wait(upTo: 120) { events in
            !player.isRunning && (Self.shownLines(events).last?.last ?? "").lowercased().contains("for your country")
        }, "\(reporter.events)")
        // The last lines only: never more than two on show, the opening words scrolled away
        // once the next ones came.
        let reports = Self.shownLines(reporter.events)
        #expect(reports.allSatisfy { $0.count <= 2 }, "\(reports)")
        #expect(!(reports.last ?? []).joined(separator: " ").lowercased().contains("fellow americans"), "\(reports)")
        #expect(reports.contains { $0.joined(separator: " ").lowercased().contains("americans") }, "\(reports)")

        // The server stopping closes its window.
        server.stop()
        let gone = Date(timeIntervalSinceNow: 10)
        while Date() < gone, try desktop.windows().contains(where: { $0.id == shown.id }) { Thread.sleep(forTimeInterval: 0.1) }
        #expect(try !desktop.windows().contains { $0.id == shown.id })
    }

    @Test func listenWindowShowsTheCallWhileTheTerminalDoes() throws {
        let desktop = try TestDesktop()
        defer { desktop.stop() }
        try desktop.windowManager()
        let sound = try TestSoundServer(outputs: ["call"])
        let listen = try RunningOzen(["listen", "--device", "computer:call", "--window", "--json", "--no-save", "--language", "en", "--no-speakers"],
                                     environment: ["DISPLAY": desktop.display, "PULSE_SERVER": sound.address, "WAYLAND_DISPLAY": "",
                                                   "OZEN_HOME": OzenProcess.testHome().path])
        defer { listen.kill() }
        #expect(listen.wait(upTo: 120) { $0.contains { $0["state"] as? String == "listening" } }, "\(listen.events)")
        let shown = try #require(try Self.captionWindow(on: desktop), "listen --window opened no caption window")
        #expect(shown.properties.contains("_NET_WM_STATE_ABOVE"), "\(shown.properties)")
        let player = try sound.play(Fixtures.jfk.path, on: "call")
        #expect(listen.wait(upTo: 120) { events in
            !player.isRunning && events.contains { $0["type"] as? String == "line" && ($0["text"] as? String ?? "").contains("country") }
        }, "\(listen.events)")
        listen.interrupt()
        #expect(listen.exited(upTo: 30))
        #expect(listen.status == 0)
        #expect(try !desktop.windows().contains { $0.id == shown.id })
    }

    @Test func theWindowComesBackWhereSheLeftIt() throws {
        let desktop = try TestDesktop()
        defer { desktop.stop() }
        try desktop.windowManager()
        let server = try ServeProcess(["--no-save"])
        defer { server.stop() }
        let home = FileManager.default.temporaryDirectory.appendingPathComponent("ozen-window-home-\(UUID())")
        defer { try? FileManager.default.removeItem(at: home) }
        let environment = ["DISPLAY": desktop.display, "WAYLAND_DISPLAY": "", "OZEN_HOME": home.path]
        func open() throws -> (RunningOzen, String) {
            let window = try RunningOzen([server.address, "--report"], environment: environment, program: Self.window)
            _ = window.wait(upTo: 60) { $0.first?["window"] is String }
            return (window, window.events.first?["window"] as? String ?? "")
        }
        let (first, id) = try open()
        defer { first.kill() }
        try #require(!id.isEmpty, "\(first.events)")
        try desktop.move(id, x: 100, y: 200)
        let moved = try desktop.position(id)
        Thread.sleep(forTimeInterval: 1.2)  // the window notes its place every half second
        first.interrupt()
        #expect(first.exited(upTo: 20))
        let kept = try #require(CaptionWindowPlace.load(from: CaptionWindowPlace.path(in: OzenHome(path: home.path))))
        #expect(kept.x == 100 && kept.y == 200, "\(kept)")

        let (second, again) = try open()
        defer { second.kill() }
        Thread.sleep(forTimeInterval: 0.5)
        #expect(try desktop.position(again) == moved)
    }

    @Test func onAWaylandDesktopTheWindowIsAnOverlay() throws {
        let desktop = try TestWaylandDesktop()
        defer { desktop.stop() }
        let server = try ServeProcess(["--no-save"])
        defer { server.stop() }
        let reporter = try RunningOzen([server.address, "--report"], environment: desktop.environment, program: Self.window)
        defer { reporter.kill() }
        #expect(reporter.wait(upTo: 60) { $0.first?["above"] as? String == "layer-shell" }, "\(reporter.events)")
        // The page loaded: it reports its (still empty) lines.
        #expect(reporter.wait(upTo: 60) { !Self.shownLines($0).isEmpty }, "\(reporter.events)")
    }

    @Test func theWindowSaysWhatIsWrong() throws {
        let desktop = try TestDesktop()
        defer { desktop.stop() }
        let port = try Self.closedPort()
        let noPage = try OzenProcess.run(["http://127.0.0.1:\(port)/"], environment: ["DISPLAY": desktop.display, "WAYLAND_DISPLAY": ""], program: Self.window)
        #expect(noPage.status == 69)
        #expect(noPage.stderr.hasPrefix("ozen-window: cannot open http://127.0.0.1:\(port)/?window: "), "\(noPage.stderr)")
        #expect(noPage.stderr.hasSuffix("; is ozen serve running?\n"), "\(noPage.stderr)")

        let noDesktop = try OzenProcess.run(["http://127.0.0.1:1/"], environment: ["DISPLAY": "", "WAYLAND_DISPLAY": ""], program: Self.window)
        #expect(noDesktop.status == 69)
        #expect(noDesktop.stderrLines == ["ozen-window: no desktop to open a window on (DISPLAY and WAYLAND_DISPLAY unset or not answering)"])

        let badLines = try OzenProcess.run(["http://127.0.0.1:1/", "--lines", "9"], program: Self.window)
        #expect(badLines.status == 64)
        #expect(badLines.stderrLines == ["ozen-window: --lines takes a number from 1 to 4"])
        let serveLines = try OzenProcess.run(["serve", "--window-lines", "3"])
        #expect(serveLines.status == 64)
        #expect(serveLines.stderr.contains("--window-lines goes with --window"), "\(serveLines.stderr)")
        let listenContinuing = try OzenProcess.run(["listen", "--window", "--continue", "--no-save"])
        #expect(listenContinuing.status == 64)
        #expect(listenContinuing.stderrLines == ["ozen: --continue does not go with --window: the window starts a new conversation"])
    }

    /// The caption window on `desktop` once it is there (up to a minute: the model loads first).
    static func captionWindow(on desktop: TestDesktop) throws -> (id: String, properties: String)? {
        let deadline = Date(timeIntervalSinceNow: 60)
        while Date() < deadline {
            if let ours = try desktop.windows().first(where: { $0.properties.contains("WM_NAME(STRING) = \"Ozen: captions\"") }) { return ours }
            Thread.sleep(forTimeInterval: 0.1)
        }
        return nil
    }

    /// A port on 127.0.0.1 nothing listens on: one the system just gave out and took back
    /// (not a low port such as 1, which WebKit refuses to try at all).
    static func closedPort() throws -> Int {
        let socket = Foundation.socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        defer { close(socket) }
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        let bound = withUnsafeMutablePointer(to: &address) { pointer in
            pointer.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(socket, $0, length) == 0 && getsockname(socket, $0, &length) == 0 }
        }
        try #require(bound, "no port to borrow on 127.0.0.1")
        return Int(UInt16(bigEndian: address.sin_port))
    }

    /// Where the window's picture is kept for the docs ($OZEN_TEST_ARTIFACTS, else
    /// $TMPDIR/ozen-test-artifacts), printed so a run shows it.
    static func snapshotPath() throws -> String {
        let file = try DisplayPageTests.artifactsFolder().appendingPathComponent("caption-window.png")
        print("caption window screenshot: \(file.path)")
        return file.path
    }
}

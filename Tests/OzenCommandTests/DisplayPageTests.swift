import Foundation
import OzenIO
import OzenKit
import OzenTestSupport
import Testing

/// The caption display (Web/) in a real browser, following `ozen serve` while it captions a
/// real recording at the speed it was spoken. Headless Chromium loads the page; the test keeps
/// a display connection of its own to the same server, so it knows which events the page was
/// sent, and checks the page's DOM against them: every locked line there, `dir` from each
/// line's `direction`, the "?" exactly on uncertain lines, the line with her word highlighted,
/// the "N new lines" pill counting what came while she had scrolled up; then the saved
/// conversation through the history panel, a star and a ready-made phrase reaching the server.
/// Hebrew is real speech too: eSpeak NG's Hebrew voice (`ozen say --out`) captioned in Hebrew.
/// The page's own microphone is Chromium's fake capture device playing a recording, sent
/// through protocol v1. A screenshot of each run is kept ($OZEN_TEST_ARTIFACTS, else
/// $TMPDIR/ozen-test-artifacts; the path is printed).
@Suite("Caption display page", .serialized)
struct DisplayPageTests {
    // MARK: what the page shows

    struct PageLine: Decodable {
        var id: String
        var dir: String?
        var locked: Bool
        var unsure: Bool
        var alerted: Bool
        var hits: [String]
        var who: String?
        var text: String
    }

    struct Pill: Decodable {
        var hidden: Bool
        var count: Int
        var label: String
    }

    struct PageState: Decodable {
        var lines: [PageLine]
        var pill: Pill
        var scrollable: Double
        var atBottom: Bool
        var status: String
        var interfaceDirection: String
        var announced: [String]
        var earlierLink: Bool

        var locked: [PageLine] { lines.filter(\.locked) }
        func line(_ id: Int) -> PageLine? { lines.first { $0.id == String(id) } }
    }

    static let readPage = """
        (() => {
          const area = document.getElementById('captions-area');
          const lines = [...document.querySelectorAll('#captions .line')].map((el) => {
            const who = el.querySelector('.who');
            return {
              id: el.dataset.id, dir: el.getAttribute('dir'), locked: el.classList.contains('locked'),
              unsure: !!el.querySelector('.unsure'), alerted: el.classList.contains('alerted'),
              hits: [...el.querySelectorAll('mark.hit')].map((m) => m.textContent),
              who: who && !who.hidden ? who.textContent : null, text: el.querySelector('.text').textContent,
            };
          });
          const pill = document.getElementById('new-lines-pill');
          return JSON.stringify({
            lines,
            pill: { hidden: pill.hidden, count: Number(pill.dataset.count), label: pill.textContent },
            scrollable: area.scrollHeight - area.clientHeight,
            atBottom: area.scrollHeight - area.scrollTop - area.clientHeight <= 48,
            status: document.getElementById('status-text').textContent,
            interfaceDirection: document.documentElement.dir,
            announced: [...document.querySelectorAll('#announcer p')].map((p) => p.textContent),
            earlierLink: !document.getElementById('earlier-link-row').hidden,
          });
        })()
        """

    // MARK: what the server sent

    struct Event: Decodable {
        var type: String
        var id: Int?
        var text: String?
        var uncertain: Bool?
        var direction: String?
        var speaker: String?
        var said: String?
        var state: String?
    }

    /// A display connection of the test's own: hello, ready, then every event the page is sent too.
    final class DisplayFollower {
        let socket: WebSocketClient
        private(set) var events: [Event] = []

        init(port: Int) throws {
            socket = try WebSocketClient.connect(host: "127.0.0.1", port: port, path: "/")
            try socket.send(text: #"{"type":"hello","version":1,"purpose":"display"}"#)
            let ready = socket.receive(timeout: 30, until: { $0.contains(#""type":"ready""#) })
            guard ready != nil else { throw DisplayPageTestError.noReady }
        }

        /// Collects events until the captioning has finished (or `timeout` s pass): true if it finished.
        func followUntilFinished(timeout: Double) -> Bool {
            let deadline = Date(timeIntervalSinceNow: timeout)
            while deadline.timeIntervalSinceNow > 0 {
                guard let frame = socket.receive(timeout: deadline.timeIntervalSinceNow), let text = frame.text else { return false }
                guard let event = try? JSONDecoder().decode(Event.self, from: Data(text.utf8)) else { continue }
                events.append(event)
                if event.type == "status", event.state == "finished" { return true }
            }
            return false
        }

        /// Locked lines with words, last version of each (a line may be sent again on joining).
        var lines: [Event] {
            var seen: [Int: Event] = [:]
            var order: [Int] = []
            for event in events where event.type == "line" {
                guard let id = event.id else { continue }
                if seen[id] == nil { order.append(id) }
                seen[id] = event
            }
            return order.compactMap { seen[$0] }.filter { !($0.text ?? "").isEmpty }
        }

        var alerts: [Event] { events.filter { $0.type == "alert" } }

        func close() { socket.close() }
    }

    // MARK: keeping the screenshots

    /// Where the tests' pictures are kept: $OZEN_TEST_ARTIFACTS, else $TMPDIR/ozen-test-artifacts.
    static func artifactsFolder() throws -> URL {
        let folder = ProcessInfo.processInfo.environment["OZEN_TEST_ARTIFACTS"].map { URL(fileURLWithPath: $0) }
            ?? FileManager.default.temporaryDirectory.appendingPathComponent("ozen-test-artifacts")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        return folder
    }

    static func keep(_ png: Data, name: String) throws -> URL {
        let file = try artifactsFolder().appendingPathComponent(name)
        try png.write(to: file)
        print("display screenshot: \(file.path)")
        return file
    }

    // MARK: the tests

    @Test("a recording replayed into ozen serve appears on the page: lines, the ?, her word highlighted, the new-lines pill")
    func replayedRecording() throws {
        // The browser starts first, so the page joins as the recording begins.
        let browser = try HeadlessBrowser()
        defer { browser.close() }
        // A tablet's size: the lines overflow soon, so there is something to scroll up from.
        try browser.setViewport(width: 420, height: 340)
        let serve = try ServeProcess(["--source", Fixtures.jfk.path, "--realtime", "--language", "en", "--alert", "country"])
        defer { serve.stop() }

        let page = try PlainHTTP.get(serve.address)
        #expect(page.status == 200)
        #expect(page.text.contains("display.js"))
        let script = try PlainHTTP.get(serve.address + "display.js")
        #expect(script.status == 200)
        #expect(script.contentType?.contains("javascript") == true, "ES modules need a JavaScript MIME type, got \(script.contentType ?? "none")")

        let follower = try DisplayFollower(port: serve.port)
        defer { follower.close() }
        try browser.open(serve.address)

        // She reads one line, then scrolls up while the rest are still being spoken.
        let overflowing = try browser.wait(for: Self.readPage, as: PageState.self, timeout: 60) {
            !$0.locked.isEmpty && $0.scrollable > 120
        }
        try #require(overflowing != nil, "the page never filled up; server said:\n\(serve.stderr)")
        let lockedWhenScrolled = try #require(browser.evaluate("""
            (() => { document.getElementById('captions-area').scrollTop = 0;
                     return document.querySelectorAll('#captions .line.locked').length; })()
            """) as? Int)

        let finished = follower.followUntilFinished(timeout: 90)
        #expect(finished, "the captioning never finished; server said:\n\(serve.stderr)")
        let sent = follower.lines
        try #require(!sent.isEmpty, "the server sent no lines")
        let state = try #require(try browser.wait(for: Self.readPage, as: PageState.self, timeout: 15) {
            $0.locked.count >= sent.count
        }, "the page did not show every line the server sent")
        _ = try Self.keep(browser.screenshot(), name: "display-jfk-scrolled-up.png")

        // Every locked line, in its direction, with "?" exactly where the recognizer was unsure.
        #expect(state.locked.count == sent.count)
        for line in sent {
            let shown = try #require(state.line(line.id ?? -1), "line \(line.id ?? -1) is missing from the page")
            #expect(shown.locked)
            #expect(shown.dir == line.direction)
            #expect(shown.text.hasPrefix(line.text ?? ""))
            #expect(shown.unsure == (line.uncertain ?? false), "line \(line.id ?? -1): uncertain \(line.uncertain ?? false)")
        }
        #expect(state.locked.first?.who == sent.first?.speaker, "the first line starts a turn: the speaker's name shows")

        // Her word: President Kennedy says "country"; that line is highlighted, the word marked.
        let alerts = follower.alerts
        try #require(!alerts.isEmpty, "no alert for \"country\"; lines: \(sent.compactMap(\.text))")
        for alert in alerts {
            let shown = try #require(state.line(alert.id ?? -1))
            #expect(shown.alerted)
            #expect(shown.hits.map { $0.lowercased() }.contains((alert.said ?? "").lowercased()))
        }
        #expect(state.lines.filter(\.alerted).count == Set(alerts.compactMap(\.id)).count)

        // The pill counts the lines that locked while she was scrolled up; a tap takes her back.
        let arrivedWhileUp = state.locked.count - lockedWhenScrolled
        #expect(arrivedWhileUp > 0, "no line arrived after scrolling up (scrolled at \(lockedWhenScrolled) of \(state.locked.count))")
        #expect(!state.pill.hidden)
        #expect(state.pill.count == arrivedWhileUp)
        #expect(state.pill.label.contains("\(arrivedWhileUp) new line"))
        #expect(!state.atBottom)
        try browser.evaluate("document.getElementById('new-lines-pill').click()")
        let back = try browser.wait(for: Self.readPage, as: PageState.self, timeout: 5) { $0.atBottom && $0.pill.hidden }
        #expect(back != nil, "the pill did not take her back to the newest line")
        try browser.setViewport(width: 800, height: 600)
        _ = try Self.keep(browser.screenshot(), name: "display-jfk.png")

        // Locked lines were announced for screen readers (the live ones; the region keeps the last five).
        #expect(!state.announced.isEmpty)
        #expect(state.announced.allSatisfy { said in sent.contains { said.hasSuffix($0.text ?? "\u{0}") } })

        // The conversation is saved: the link above the lines and the history panel both reach it.
        #expect(state.earlierLink)
        try browser.evaluate("document.getElementById('earlier-link').click()")
        let opened = try browser.wait(for: "JSON.stringify(document.querySelectorAll('#history-content .history-line').length)",
                                      as: Int.self, timeout: 10) { $0 >= sent.count }
        #expect(opened == sent.count, "the history panel shows the saved conversation's lines")
        try browser.evaluate("document.querySelector('#history-panel .close-panel').click()")

        // Star a line (tap it, then its star): the saved line is starred.
        let first = try #require(sent.first?.id)
        let starred = try browser.evaluate("""
            (() => { document.querySelector('#captions .line[data-id="\(first)"]').click();
                     const star = document.querySelector('#captions .line[data-id="\(first)"] .line-tools .star');
                     if (!star) return false;
                     star.click();
                     const now = document.querySelector('#captions .line[data-id="\(first)"] .line-tools .star');
                     return now.getAttribute('aria-pressed') === 'true'; })()
            """) as? Bool
        #expect(starred == true, "the line's star button")
        // Read back through the history API as the page reads it (the browser's JSON.parse).
        let list = try PlainHTTP.get(serve.address + "api/conversations")
        let conversation = try #require(try JSONDecoder().decode(Conversations.self, from: list.body).conversations.first)
        let savedStar = try browser.wait(for: """
            fetch('/api/conversations/\(conversation.id)').then((r) => r.json())
              .then((c) => JSON.stringify(c.lines.some((l) => l.id === \(first) && l.starred)))
            """, as: Bool.self, timeout: 5) { $0 }
        #expect(savedStar == true, "the star reached the saved conversation")

        // Type to speak: a ready-made phrase goes to the server, and its answer comes back.
        try browser.evaluate("document.getElementById('open-speak').click(); document.querySelector('#phrases .phrase').click()")
        let answered = try browser.wait(for: "JSON.stringify(document.getElementById('speak-feedback').textContent)",
                                        as: String.self, timeout: 15) { $0.hasPrefix("Said:") || $0.hasPrefix("Not said:") }
        #expect(answered != nil, "no `said` answer to the phrase")
    }

    struct Conversations: Decodable {
        struct Listing: Decodable { var id: Int }
        var conversations: [Listing]
    }

    @Test("with --interpret the page shows each sentence's English large and what was said small beneath it")
    func interpreterView() throws {
        let browser = try HeadlessBrowser()
        defer { browser.close() }
        try browser.setViewport(width: 720, height: 900)
        let serve = try ServeProcess(["--source", Fixtures.path("interpreter/fr/conversation.wav"), "--interpret", "--from", "fr",
                                      "--no-speakers", "--no-sounds", "--no-save"])
        defer { serve.stop() }
        try browser.open(serve.address)
        struct Translated: Decodable { var english: String; var source: String; var dir: String }
        let read = """
            JSON.stringify([...document.querySelectorAll('#captions .line.translated')].map((el) => ({
              english: el.querySelector('.text').textContent, source: el.querySelector('.source').textContent,
              dir: el.getAttribute('dir') })))
            """
        let shown = try browser.wait(for: read, as: [Translated].self, timeout: 120) { $0.count >= 10 }
        let lines = try #require(shown, "the page showed no translations; server said:\n\(serve.stderr)")
        #expect(lines.contains { $0.english.contains("patience") && $0.source.contains("patience") }, "\(lines)")
        #expect(lines.allSatisfy { $0.dir == "ltr" && !$0.english.isEmpty && $0.english != $0.source })
        _ = try Self.keep(browser.screenshot(), name: "display-interpreter.png")
    }

    @Test("the first time the page opens it says what runs where and asks her name; Grandma is one tap away and raises the name alert")
    func firstRun() throws {
        let home = OzenProcess.testHome(unanswered: true)
        let browser = try HeadlessBrowser()
        defer { browser.close() }
        try browser.setViewport(width: 800, height: 600)
        let serve = try ServeProcess(["--no-speakers", "--no-sounds"], home: home)
        defer { serve.stop() }
        try browser.open(serve.address)
        let open = try browser.wait(for: "JSON.stringify(document.getElementById('first-run').open)", as: Bool.self, timeout: 20) { $0 }
        #expect(open == true, "the first-run question was not shown")
        let text = try browser.evaluate("JSON.stringify(document.getElementById('first-run').innerText)", as: String.self)
        #expect(text.contains("on this computer") || text.contains("במחשב הזה"), "\(text)")
        _ = try Self.keep(browser.screenshot(), name: "display-first-run.png")
        try browser.evaluate("""
            document.querySelector('#first-run [data-name="Grandma"]').click();
            document.querySelector('#first-run-form button[type=submit]').click();
            """)
        let closed = try browser.wait(for: "JSON.stringify(document.getElementById('first-run').open)", as: Bool.self, timeout: 20) { !$0 }
        #expect(closed == false)
        #expect((try? String(contentsOf: home.appendingPathComponent("name.txt"), encoding: .utf8)) == "Grandma\n")
        #expect((try? String(contentsOf: home.appendingPathComponent("words.txt"), encoding: .utf8))?.hasPrefix("Grandma\n") == true)
        // Asked once: the next visit opens on the captions.
        try browser.open(serve.address)
        Thread.sleep(forTimeInterval: 1)
        #expect(try browser.evaluate("JSON.stringify(document.getElementById('first-run').open)", as: Bool.self) == false)

        // Her name is the first alert word of the next conversation (English speech: base
        // cannot make out eSpeak's Hebrew well enough for a name).
        let speech = home.appendingPathComponent("name.wav")
        let made = try OzenProcess.run(["say", "Grandma, the doctor called about tomorrow.", "--language", "en", "--out", speech.path])
        try #require(made.status == 0, "\(made.stderr)")
        let captioned = try OzenProcess.run(["caption", speech.path, "--json", "--no-save", "--no-speakers", "--no-sounds", "--language", "en"],
                                            environment: ["OZEN_HOME": home.path])
        let alerts = captioned.stdout.split(separator: "\n").filter { $0.contains(#""type":"alert""#) }
        #expect(alerts.contains { $0.contains(#""word":"Grandma""#) }, "\(captioned.stdout)")
    }

    @Test("the page's model manager lists the catalogue, installs a model with its progress, and marks it installed")
    func modelManager() throws {
        let home = try ModelInstallTests.homeWithOwnModelsFolder()
        let server = try ModelFileServer(file: ModelInstallTests.source)
        defer { server.stop() }
        server.send(atMost: 30_000_000)  // about five seconds, so the progress is seen
        let catalogue = try ModelInstallTests.catalogue(for: server, in: home)
        let browser = try HeadlessBrowser()
        defer { browser.close() }
        try browser.setViewport(width: 800, height: 600)
        let reports = home.appendingPathComponent("reports")
        try FileManager.default.createDirectory(at: reports, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700])
        try Data("client: Ozen 3.2 (iOS 18.1)\n\nthe microphone kept cutting out\n".utf8)
            .write(to: reports.appendingPathComponent("report-20261205-101500-000.txt"))
        let serve = try ServeProcess(["--no-speakers", "--no-sounds"], home: home, environment: ["OZEN_CATALOGUE": catalogue])
        defer { serve.stop() }
        try browser.open(serve.address)
        try browser.evaluate("document.getElementById('open-settings').click();")
        // The phone app's reports are listed in Settings by their client line, never their words.
        let listed = try browser.wait(for: "JSON.stringify(document.getElementById('reports-setting').hidden ? '' : document.getElementById('reports-list').innerText)",
                                      as: String.self, timeout: 20) { $0.contains("Ozen 3.2") }
        #expect(listed?.contains("Ozen 3.2 (iOS 18.1)") == true && listed?.contains("microphone kept") == false, "\(listed ?? "")")
        try browser.evaluate("document.getElementById('open-models').click();")
        let offered = try browser.wait(for: "JSON.stringify(!!document.querySelector('#models-list [data-name=\"test-base\"] button'))",
                                       as: Bool.self, timeout: 20) { $0 }
        #expect(offered == true, "the catalogue's model has no Install button")
        try browser.evaluate("document.querySelector('#models-list [data-name=\"test-base\"] button').click()")
        let seen = try browser.wait(for: "JSON.stringify(document.getElementById('models-progress').textContent)", as: String.self, timeout: 30) {
            $0.contains("%") && $0.contains("/s")
        }
        #expect(seen?.contains("test-base") == true, "no progress shown: \(seen ?? "")")
        let done = try browser.wait(for: "JSON.stringify(document.getElementById('models-progress').textContent)", as: String.self, timeout: 120) {
            $0.contains("is installed")
        }
        #expect(done?.contains("ozen models use test-base") == true, "\(done ?? "") — server said:\n\(serve.stderr)")
        let marked = try browser.wait(for: "JSON.stringify(!!document.querySelector('#models-list [data-name=\"test-base\"] .model-installed'))",
                                      as: Bool.self, timeout: 20) { $0 }
        #expect(marked == true)
        _ = try Self.keep(browser.screenshot(), name: "display-models.png")
        try ModelInstallTests.expectInstalled("test-base", in: home)
        // Asking again starts an install that finds the model in place and says so.
        let again = try PlainHTTP.post(serve.address + "api/models/install", headers: ["Content-Type": "application/json"], body: Array(#"{"name":"test-base"}"#.utf8))
        #expect(again.status == 200)
    }

    @Test("Settings' Teach a sound: her doorbell rung once at the server's microphone is taught and listed, the running server's alert then says its name, and Forget removes it")
    func teachASound() throws {
        let chime = try WAVDecoder().read(path: Fixtures.path("alerts/doorbell-dingdong.wav")).atSpeechRate().samples
        let card = try TestSoundCard()
        let room = PacedRoom(card: card)
        defer { room.stop() }
        let serve = try ServeProcess(["--device", "ozen_test_mic", "--no-speakers", "--language", "en"],
                                     environment: ["ALSA_CONFIG_PATH": card.alsaConfigPath])
        defer { serve.stop() }
        let browser = try HeadlessBrowser()
        defer { browser.close() }
        try browser.setViewport(width: 800, height: 900)
        try browser.open(serve.address)
        // Every banner the page raises, in order (a built-in "Doorbell" may come beside hers).
        try browser.evaluate("""
            window.seenAlerts = [];
            new MutationObserver(() => window.seenAlerts.push(document.getElementById('alert-text').textContent))
              .observe(document.getElementById('alert-text'), { childList: true, characterData: true, subtree: true });
            document.getElementById('open-settings').click();
            """)
        let status = "JSON.stringify(document.getElementById('teach-status').textContent)"
        try browser.evaluate("document.getElementById('teach-start').click()")
        let unnamed = try browser.wait(for: status, as: String.self, timeout: 10) { !$0.isEmpty }
        #expect(unnamed == "Give the sound a name first")

        try browser.evaluate("document.getElementById('teach-name').value = 'Front door'; document.getElementById('teach-start').click()")
        let asked = try browser.wait(for: status, as: String.self, timeout: 20) { $0.contains("play the sound now") }
        #expect(asked == "Take 1 of 1: play the sound now, alone", "\(asked ?? "") — server said:\n\(serve.stderr)")
        // One sound at a time: a second teaching while this one waits is refused.
        let second = try PlainHTTP.post(serve.address + "api/sounds/teach", headers: ["Content-Type": "application/json"],
                                        body: Array(#"{"name":"Oven","kind":"appliance","takes":1}"#.utf8))
        #expect(second.status == 409 && second.text.contains("being taught already"), "\(second.status) \(second.text)")
        room.play(RoomHush.samples(seconds: 1, seed: 7) + chime)
        let taught = try browser.wait(for: status, as: String.self, timeout: 40) { $0.contains("taught") }
        #expect(taught == "“Front door” is taught: its alert will say its name", "\(taught ?? "") — server said:\n\(serve.stderr)")
        let listed = try browser.wait(for: "JSON.stringify(document.getElementById('taught-list').innerText)", as: String.self, timeout: 10) {
            $0.contains("Front door")
        }
        #expect(listed?.contains("Front door · Doorbell or knock") == true, "\(listed ?? "")")
        _ = try Self.keep(browser.screenshot(), name: "display-teach-sound.png")
        let kept = try OzenProcess.run(["sounds", "taught"], environment: ["OZEN_HOME": serve.home.path])
        #expect(kept.stdout == "Front door\tdoorbell\t2\ttake 1\n", "\(kept.stdout)\(kept.stderr)")

        // The server already running hears it from now on, by her name.
        try browser.evaluate("document.getElementById('settings-panel').close()")
        for _ in 0..<20 where !room.isQuiet { Thread.sleep(forTimeInterval: 0.25) }
        room.play(RoomHush.samples(seconds: 2, seed: 9) + chime + RoomHush.samples(seconds: 2, seed: 11))
        let alerts = try browser.wait(for: "JSON.stringify(window.seenAlerts)", as: [String].self, timeout: 30) {
            $0.contains("Sound: Front door")
        }
        #expect(alerts?.contains("Sound: Front door") == true, "\(alerts ?? []) — server said:\n\(serve.stderr)")
        // Her name stands: the tagger's guess at the same ring ("Phone ringing" before this) does not replace it.
        Thread.sleep(forTimeInterval: 3)
        let banner = try browser.evaluate("document.getElementById('alert-text').textContent") as? String
        let seen = try browser.evaluate("JSON.stringify(window.seenAlerts)") as? String ?? ""
        #expect(banner == "Sound: Front door", "\(seen)")

        // What the page cannot use is refused with what to do, and nothing is kept.
        for (body, said) in [(#"{"name":"Oven","takes":9}"#, "one to 5 takes"), (#"{"name":"Oven","kind":"bell"}"#, "use alarm, doorbell or appliance"),
                             (#"{"name":"  "}"#, "needs a name"), ("name=Oven", "as JSON")] {
            let refused = try PlainHTTP.post(serve.address + "api/sounds/teach", headers: ["Content-Type": "application/json"], body: Array(body.utf8))
            #expect(refused.status == 400 && refused.text.contains(said), "\(body): \(refused.status) \(refused.text)")
        }
        let unknown = try PlainHTTP.post(serve.address + "api/sounds/forget", headers: ["Content-Type": "application/json"],
                                         body: Array(#"{"name":"Oven"}"#.utf8))
        #expect(unknown.status == 404)

        try browser.evaluate("document.getElementById('open-settings').click()")
        _ = try browser.wait(for: "JSON.stringify(!!document.querySelector('#taught-list button'))", as: Bool.self, timeout: 10) { $0 }
        try browser.evaluate("document.querySelector('#taught-list button').click()")
        let forgotten = try browser.wait(for: status, as: String.self, timeout: 10) { $0.contains("forgotten") }
        #expect(forgotten == "“Front door” is forgotten")
        let empty = try browser.wait(for: "JSON.stringify(document.getElementById('taught-list').children.length)", as: Int.self, timeout: 10) { $0 == 0 }
        #expect(empty == 0)
        #expect(try OzenProcess.run(["sounds", "taught"], environment: ["OZEN_HOME": serve.home.path]).stdout.hasPrefix("no sounds taught yet"))
    }

    @Test("a Hebrew line reads right to left, and the interface turns Hebrew")
    func hebrewLine() throws {
        // Real Hebrew speech: eSpeak NG's Hebrew voice through `ozen say --out`, captioned in Hebrew.
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("ozen-display-\(UUID())")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let speech = folder.appendingPathComponent("hebrew.wav")
        let made = try OzenProcess.run(["say", "שָׁלוֹם, מָה שְׁלוֹמְךָ? אֲנִי רוֹצֶה כּוֹס קָפֶה עִם חָלָב.",
                                        "--language", "he", "--out", speech.path])
        try #require(made.status == 0, "ozen say failed: \(made.stderr)")

        let browser = try HeadlessBrowser()
        defer { browser.close() }
        try browser.setViewport(width: 800, height: 600)
        let serve = try ServeProcess(["--source", speech.path, "--realtime", "--language", "he"])
        defer { serve.stop() }
        let follower = try DisplayFollower(port: serve.port)
        defer { follower.close() }
        try browser.open(serve.address)

        #expect(follower.followUntilFinished(timeout: 90), "the captioning never finished; server said:\n\(serve.stderr)")
        let sent = follower.lines
        let hebrew = sent.filter { $0.direction == "rtl" }
        try #require(!hebrew.isEmpty, "no right-to-left line came back: \(sent.compactMap(\.text))")
        let state = try #require(try browser.wait(for: Self.readPage, as: PageState.self, timeout: 15) {
            $0.locked.count >= sent.count
        })
        for line in sent {
            let shown = try #require(state.line(line.id ?? -1))
            #expect(shown.dir == line.direction)
            #expect(shown.unsure == (line.uncertain ?? false))
        }
        #expect(state.interfaceDirection == "ltr", "the browser asks for English (--lang=en-US)")

        // The language toggle: the interface reads right to left, in Hebrew.
        try browser.evaluate("document.getElementById('language-toggle').click()")
        let turned = try #require(try browser.wait(for: Self.readPage, as: PageState.self, timeout: 5) { $0.interfaceDirection == "rtl" })
        #expect(turned.status.unicodeScalars.contains { (0x0590...0x05FF).contains($0.value) }, "status in Hebrew: \(turned.status)")
        _ = try Self.keep(browser.screenshot(), name: "display-hebrew.png")
    }

    /// The page of a fresh `ozen serve`, in English, connected, in a browser whose microphone is
    /// Chromium's fake capture device playing JFK (the page downsamples it to 16 kHz PCM16).
    static func pageWithFakeMicrophone(height: Int) throws -> (HeadlessBrowser, ServeProcess) {
        let browser = try HeadlessBrowser(arguments: [
            "--use-fake-ui-for-media-stream", "--use-fake-device-for-media-stream",
            "--use-file-for-fake-audio-capture=\(Fixtures.jfk.path)", "--autoplay-policy=no-user-gesture-required",
        ])
        do {
            try browser.setViewport(width: 800, height: height)
            let serve = try ServeProcess([])
            do {
                try browser.open(serve.address)
                try browser.evaluate("""
                    localStorage.setItem('ozen.display.settings', JSON.stringify({ micLanguage: 'en', language: 'en' }))
                    """)
                try browser.open(serve.address)
                _ = try browser.wait(for: "JSON.stringify(document.getElementById('status').dataset.state)", as: String.self, timeout: 20) { $0 == "on" }
                return (browser, serve)
            } catch { serve.stop(); throw error }
        } catch { browser.close(); throw error }
    }

    @Test("the page sends its own microphone through protocol v1 and shows the words that come back")
    func pageMicrophone() throws {
        let (browser, serve) = try Self.pageWithFakeMicrophone(height: 600)
        defer { browser.close(); serve.stop() }
        try browser.evaluate("document.getElementById('microphone').click()")

        let heard = try browser.wait(for: Self.readPage, as: PageState.self, timeout: 60) { state in
            state.locked.contains { $0.text.lowercased().contains("country") }
        }
        let pressed = try browser.evaluate("document.getElementById('microphone').getAttribute('aria-pressed')") as? String
        _ = try Self.keep(browser.screenshot(), name: "display-microphone.png")
        try browser.evaluate("document.getElementById('microphone').click()")
        let state = try #require(heard, "no line with \"country\" came back from the page's microphone; server said:\n\(serve.stderr)")
        #expect(pressed == "true")
        let mine = state.locked.filter { $0.id.hasPrefix("m") }
        #expect(!mine.isEmpty && mine.count == state.locked.count, "every line came from this page's microphone")
        #expect(mine.allSatisfy { $0.dir == "ltr" })
        #expect(mine.first?.who == "This device's mic")
        let stopped = try browser.wait(for: "JSON.stringify(document.getElementById('microphone').getAttribute('aria-pressed'))",
                                       as: String.self, timeout: 5) { $0 == "false" }
        #expect(stopped != nil, "the mic button did not turn off")
    }

    @Test("the dictation panel: tap, speak, tap; the take's text comes back with Copy and Insert, and is in the history")
    func dictationPanel() throws {
        let (browser, serve) = try Self.pageWithFakeMicrophone(height: 900)
        defer { browser.close(); serve.stop() }
        try browser.evaluate("document.getElementById('open-dictation').click()")
        #expect(try browser.evaluate("document.getElementById('dictation-panel').open") as? Bool == true)
        #expect(try browser.evaluate("document.getElementById('dictation-insert').disabled") as? Bool == true, "nothing to insert yet")
        try browser.evaluate("document.getElementById('dictate').click()")
        let countdown = try browser.wait(for: "JSON.stringify(document.getElementById('dictation-countdown').textContent)",
                                         as: String.self, timeout: 20) { $0.hasSuffix("s left") }
        #expect(countdown != nil, "no countdown while listening")
        let heard = try browser.wait(for: "JSON.stringify(document.getElementById('dictation-live').textContent)",
                                     as: String.self, timeout: 60) { $0.lowercased().contains("country") }
        #expect(heard != nil, "the words were not shown while spoken; server said:\n\(serve.stderr)")
        #expect(try browser.evaluate("document.getElementById('dictate').getAttribute('aria-pressed')") as? String == "true")
        _ = try Self.keep(browser.screenshot(), name: "display-dictation.png")
        try browser.evaluate("document.getElementById('dictate').click()")
        let text = try #require(try browser.wait(for: "JSON.stringify(document.getElementById('dictation-text').value)",
                                                 as: String.self, timeout: 60) { !$0.isEmpty }, "no text after the stop")
        // Chromium's fake device loops the recording: the take holds JFK once and some of it again.
        #expect(text.lowercased().contains("fellow") && text.lowercased().contains("your country"), "text: \(text)")
        let message = try browser.evaluate("document.getElementById('dictation-message').textContent") as? String ?? ""
        #expect(message.contains("Saved in the history"), "message: \(message)")
        #expect(try browser.evaluate("document.getElementById('dictation-insert').disabled") as? Bool == false)
        #expect(try browser.evaluate("document.getElementById('dictate').getAttribute('aria-pressed')") as? String == "false")
        let last = try OzenProcess.run(["dictate", "last", "--insert", "stdout"], environment: ["OZEN_HOME": serve.home.path])
        #expect(last.status == 0 && last.stdout.trimmingCharacters(in: .whitespacesAndNewlines) == text, "history: \(last)")
    }
}

enum DisplayPageTestError: Error {
    case noReady
}

import Foundation
import OzenKit
import OzenTestSupport
import Testing

/// `ozen devices` and `ozen listen --device computer` end to end: the built binary, a real
/// PulseAudio server (`TestSoundServer`), a real recording played into its output at its own
/// pace, as a call or a video plays.
@Suite(.serialized) struct ComputerSoundCommandTests {
    @Test func devicesListsWhatTheComputerPlays() throws {
        let server = try TestSoundServer(outputs: ["call", "speakers"])
        let result = try OzenProcess.run(["devices", "--no-level"], environment: ["PULSE_SERVER": server.address])
        #expect(result.status == 0, "\(result.stderr)")
        let lines = result.stdout.split(separator: "\n")
        let heading = try #require(lines.firstIndex(of: "What this computer plays (* the default output):"), "\(result.stdout)")
        #expect(lines[heading + 1].hasPrefix("* computer:") && lines[heading + 1].contains("  call  [PulseAudio, 2 ch, 44100 Hz]"), "\(result.stdout)")
        #expect(lines[heading + 2].hasPrefix("  computer:") && lines[heading + 2].contains("  speakers  [PulseAudio"), "\(result.stdout)")
        #expect(lines[heading + 3] == "Captions for a call or a video: ozen listen --device computer")
        #expect(lines[heading + 4] == "The room and the call together: ozen listen --device default --device computer")
    }

    @Test func listenCaptionsWhatTheComputerPlays() throws {
        let server = try TestSoundServer(outputs: ["speakers", "call"])
        let listen = try RunningOzen(["listen", "--device", "computer:call", "--json", "--no-save", "--language", "en", "--no-speakers"],
                                     environment: ["PULSE_SERVER": server.address, "OZEN_HOME": OzenProcess.testHome().path])
        defer { listen.kill() }
        #expect(listen.wait(upTo: 120) { $0.contains { $0["state"] as? String == "listening" } }, "\(listen.events)")
        let player = try server.play(Fixtures.jfk.path, on: "call")
        #expect(listen.wait(upTo: 120) { events in
            events.contains { $0["type"] as? String == "line" && ($0["text"] as? String ?? "").contains("country") } && !player.isRunning
        }, "\(listen.events)")
        listen.interrupt()
        #expect(listen.wait(upTo: 120) { $0.last?["state"] as? String == "finished" }, "\(listen.events)")
        let opening = listen.events.first { $0["state"] as? String == "opening_microphone" }
        #expect(opening?["device"] as? String == "call" && opening?["source"] as? String == "computer", "\(String(describing: opening))")
        // Nothing playing before and after is quiet, not a dead stream.
        #expect(!listen.events.contains { $0["state"] as? String == "retrying" }, "\(listen.events)")
        let text = listen.events.filter { $0["type"] as? String == "line" }.compactMap { $0["text"] as? String }.joined(separator: " ")
        #expect(WordErrorRate.count(reference: Fixtures.jfk.transcript, hypothesis: text).rate <= 0.1, "\(text)")
        #expect(listen.exited(upTo: 30))
        #expect(listen.status == 0)
    }

    /// The same through PipeWire's pulse server, which Debian 12's desktops run in place of
    /// PulseAudio: the output is listed and what it plays is captioned from its monitor.
    @Test func listenCaptionsWhatTheComputerPlaysUnderPipeWire() throws {
        let server = try TestSoundServer(outputs: ["call"], kind: .pipeWire)
        let devices = try OzenProcess.run(["devices", "--no-level"], environment: ["PULSE_SERVER": server.address])
        #expect(devices.status == 0, "\(devices.stderr)")
        #expect(devices.stdout.split(separator: "\n").contains { $0.hasPrefix("* computer:") && $0.contains("  call  [") }, "\(devices.stdout)")
        let listen = try RunningOzen(["listen", "--device", "computer", "--json", "--no-save", "--language", "en", "--no-speakers", "--no-sounds"],
                                     environment: ["PULSE_SERVER": server.address, "OZEN_HOME": OzenProcess.testHome().path])
        defer { listen.kill() }
        #expect(listen.wait(upTo: 120) { $0.contains { $0["state"] as? String == "listening" } }, "\(listen.events)")
        let player = try server.play(Fixtures.jfk.path, on: "call")
        #expect(listen.wait(upTo: 120) { events in
            events.contains { $0["type"] as? String == "line" && ($0["text"] as? String ?? "").lowercased().contains("your country") } && !player.isRunning
        }, "\(listen.events)")
        listen.interrupt()
        #expect(listen.wait(upTo: 120) { $0.last?["state"] as? String == "finished" }, "\(listen.events)")
        let opening = listen.events.first { $0["state"] as? String == "opening_microphone" }
        #expect(opening?["device"] as? String == "call" && opening?["source"] as? String == "computer", "\(String(describing: opening))")
        let text = listen.events.filter { $0["type"] as? String == "line" }.compactMap { $0["text"] as? String }.joined(separator: " ")
        #expect(WordErrorRate.count(reference: Fixtures.jfk.transcript, hypothesis: text).rate <= 0.1, "\(text)")
        #expect(listen.exited(upTo: 30))
        #expect(listen.status == 0)
    }

    /// The room and a call together: a LibriVox reader in the room while the call is quiet, then
    /// JFK in the call, played into the room as well (the laptop's speakers, heard by its
    /// microphone). Her words show from the room, JFK's from the call, and JFK only once.
    @Test func theRoomAndTheCallTogetherWithTheCallsEchoDropped() throws {
        let server = try TestSoundServer(outputs: ["call", "room"])
        let alsa = try server.microphone(named: "ozen_room", hearing: "room")
        let listen = try RunningOzen(["listen", "--device", "ozen_room", "--device", "computer:call", "--json", "--no-save", "--language", "en"],
                                     environment: ["PULSE_SERVER": server.address, "ALSA_CONFIG_PATH": alsa, "OZEN_HOME": OzenProcess.testHome().path])
        defer { listen.kill() }
        #expect(listen.wait(upTo: 120) { $0.filter { $0["state"] as? String == "listening" }.count >= 2 }, "\(listen.events)")
        let reader = try Fixtures.librivox().first { $0.path.hasSuffix("0880.wav") }!
        let herWords = try server.play(reader.path, on: "room")
        herWords.waitUntilExit()
        let call = try server.play(Fixtures.jfk.path, on: "call"), echo = try server.play(Fixtures.jfk.path, on: "room")
        call.waitUntilExit()
        echo.waitUntilExit()
        #expect(listen.wait(upTo: 120) { events in
            events.contains { $0["type"] as? String == "line" && $0["from"] as? String == "call" && ($0["text"] as? String ?? "").contains("country") }
        }, "\(listen.events)")
        Thread.sleep(forTimeInterval: 5)   // a held room line has its time (4 s) to be checked
        listen.interrupt()
        #expect(listen.wait(upTo: 120) { $0.last?["state"] as? String == "finished" }, "\(listen.events)")
        let lines = listen.events.filter { $0["type"] as? String == "line" }
        func text(from source: String) -> String {
            lines.filter { $0["from"] as? String == source }.compactMap { $0["text"] as? String }.joined(separator: " ")
        }
        #expect(lines.allSatisfy { ["room", "call"].contains($0["from"] as? String ?? "") }, "\(lines)")
        #expect(WordErrorRate.count(reference: Fixtures.jfk.transcript, hypothesis: text(from: "call")).rate <= 0.1, "\(text(from: "call"))")
        #expect(WordErrorRate.count(reference: reader.transcript, hypothesis: text(from: "room")).rate <= 0.2, "\(text(from: "room"))")
        #expect(!text(from: "room").lowercased().contains("country"), "the call captioned twice: \(text(from: "room"))")
        // One conversation: every line its own number, the call's speaker not the room's.
        let ids = lines.compactMap { $0["id"] as? Int }
        #expect(Set(ids).count == ids.count, "\(ids)")
        let speakers = { (source: String) in Set(lines.filter { $0["from"] as? String == source }.compactMap { $0["speaker"] as? String }) }
        #expect(speakers("room").isDisjoint(with: speakers("call")), "\(speakers("room")) \(speakers("call"))")
        #expect(listen.events.last?["lines"] as? Int == lines.count, "\(String(describing: listen.events.last))")
        #expect(listen.exited(upTo: 30))
        #expect(listen.status == 0)
    }

    /// The same through `ozen serve`, on the page: the speaker's name says where each turn was
    /// heard ("Speaker 1 · room", "Speaker 2 · call"), and the history keeps it.
    @Test func thePageSaysWhereEachLineWasHeard() throws {
        let server = try TestSoundServer(outputs: ["call", "room"])
        let alsa = try server.microphone(named: "ozen_room", hearing: "room")
        let serve = try ServeProcess(["--device", "ozen_room", "--device", "computer:call", "--language", "en", "--no-sounds"],
                                     environment: ["PULSE_SERVER": server.address, "ALSA_CONFIG_PATH": alsa])
        defer { serve.stop() }
        let browser = try HeadlessBrowser()
        defer { browser.close() }
        try browser.open(serve.address)
        // The room's quiet (30 s of room tone): a null output's monitor is exact zeros while
        // nothing plays, which a microphone takes for a dead one and opens again, later and
        // later. serve prints no status on stderr; its sources open right after it announces
        // its address, within a second here, so the reader starts 3 s after that.
        let roomTone = try server.play(Fixtures.path("noise/room-tone.wav"), on: "room")
        defer { roomTone.terminate() }
        Thread.sleep(forTimeInterval: 3)
        let reader = try Fixtures.librivox().first { $0.path.hasSuffix("0880.wav") }!
        try server.play(reader.path, on: "room").waitUntilExit()
        let call = try server.play(Fixtures.jfk.path, on: "call"), echo = try server.play(Fixtures.jfk.path, on: "room")
        call.waitUntilExit()
        echo.waitUntilExit()
        struct Shown: Decodable { var who: String; var text: String }
        let read = """
            JSON.stringify([...document.querySelectorAll('#captions .line.locked')].map((el) => ({
              who: el.querySelector('.who').textContent, text: el.querySelector('.text').textContent })))
            """
        let lines = try #require(try browser.wait(for: read, as: [Shown].self, timeout: 60) { shown in
            shown.contains { $0.text.contains("country") } && shown.contains { $0.text.lowercased().contains("young man") }
        }, "the page showed: \(String(describing: try? browser.evaluate(read)))\nserver said:\n\(serve.stderr)")
        let turns = lines.map(\.who).filter { !$0.isEmpty }
        #expect(turns.contains { $0.hasSuffix(" · room") } && turns.contains { $0.hasSuffix(" · call") }, "\(lines)")
        #expect(lines.filter { $0.text.contains("country") }.count == 1, "the call captioned twice: \(lines)")
        let fromTheRoom = lines.indices.filter { lines[$0].who.hasSuffix(" · room") || (lines[$0].who.isEmpty && $0 > 0 && Self.turn(of: $0, in: lines.map(\.who)).hasSuffix(" · room")) }
        #expect(fromTheRoom.allSatisfy { !lines[$0].text.lowercased().contains("ask") }, "the call captioned twice from the room: \(lines)")
        try browser.setViewport(width: 800, height: 420)
        _ = try DisplayPageTests.keep(browser.screenshot(), name: "display-room-and-call.png")
        // The history keeps where each line was heard.
        let list = try PlainHTTP.get(serve.address + "api/conversations")
        struct Conversations: Decodable { struct Listing: Decodable { var id: Int }; var conversations: [Listing] }
        let id = try #require(try JSONDecoder().decode(Conversations.self, from: list.body).conversations.first?.id)
        struct Saved: Decodable { struct Line: Decodable { var text: String; var from: String? }; var lines: [Line] }
        let saved = try JSONDecoder().decode(Saved.self, from: try PlainHTTP.get(serve.address + "api/conversations/\(id)").body)
        #expect(saved.lines.contains { $0.from == "call" && $0.text.contains("country") }, "\(saved.lines)")
        #expect(saved.lines.contains { $0.from == "room" && $0.text.lowercased().contains("young man") }, "\(saved.lines)")
    }

    /// The name over the turn line `index` belongs to (shown on its first line only).
    static func turn(of index: Int, in names: [String]) -> String {
        names[...index].last { !$0.isEmpty } ?? ""
    }

    @Test func twoMicrophonesOrThreeSourcesAreRefusedWithWhatToDo() throws {
        let twoMicrophones = try OzenProcess.run(["listen", "--device", "a", "--device", "b", "--no-save"])
        #expect(twoMicrophones.status == 64)
        #expect(twoMicrophones.stderrLines.first == "ozen: two --device are one microphone and what the computer plays (for example --device default --device computer)",
                "\(twoMicrophones.stderr)")
        let three = try OzenProcess.run(["serve", "--device", "a", "--device", "computer", "--device", "c", "--no-save"])
        #expect(three.status == 64)
        #expect(three.stderrLines.first == "ozen: at most two --device: a microphone and what the computer plays", "\(three.stderr)")
    }

    @Test func aMissingOutputOrServerIsSaidAtOnce() throws {
        let server = try TestSoundServer()
        let missing = try OzenProcess.run(["listen", "--device", "computer:tv", "--no-save"], environment: ["PULSE_SERVER": server.address])
        #expect(missing.status == 66)
        #expect(missing.stderrLines == ["ozen: this computer has no sound output called 'tv' — pick one from `ozen devices`"])
        let nowhere = try OzenProcess.run(["listen", "--device", "computer", "--no-save"], environment: ["PULSE_SERVER": "unix:/nonexistent/native"])
        #expect(nowhere.status == 66)
        #expect(nowhere.stderr.hasPrefix("ozen: the computer's sound server did not answer (unix:/nonexistent/native: "), "\(nowhere.stderr)")
    }
}

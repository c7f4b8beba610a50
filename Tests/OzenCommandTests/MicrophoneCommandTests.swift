import Foundation
import OzenKit
import OzenTestSupport
import Testing

/// `ozen devices` and `ozen listen` end to end: the built binary, real PortAudio, a real
/// recording coming in through the tests' own ALSA devices (`TestSoundCard`).
@Suite(.serialized) struct MicrophoneCommandTests {
    static let missing = "ozen: microphone 'nosuch' is not connected — plug it in or pick another with `ozen devices`"

    @Test func aMissingMicrophoneSaysWhatToDoAndIsNeverRetried() throws {
        let card = try TestSoundCard()
        for environment in [[:], ["ALSA_CONFIG_PATH": card.alsaConfigPath]] {
            let result = try OzenProcess.run(["listen", "--device", "nosuch", "--no-save"], environment: environment)
            #expect(result.status == 66)
            #expect(result.stderrLines == [Substring(Self.missing)])
            #expect(result.stdout.isEmpty)
        }
        // A number that is not in the list is the same mistake.
        let byNumber = try OzenProcess.run(["listen", "--device", "99", "--no-save"], environment: ["ALSA_CONFIG_PATH": card.alsaConfigPath])
        #expect(byNumber.status == 66)
        #expect(byNumber.stderr.contains("microphone '99' is not connected"))
    }

    @Test func devicesListsEachMicrophoneWithWhatItHears() throws {
        let card = try TestSoundCard()
        // Enough of the recording for the meter's second on each device that reads the pipe.
        let speech = try WAVDecoder().read(path: Fixtures.jfk.path).samples
        card.play(TestSoundCard.pcm16(speech), on: "ozen_test_mic")
        // Then silence, as a room goes on after talk: the test device is not paced, so without
        // it the recording is read at once and the device then waits in a read of an empty
        // pipe, which closing the meter's stream can wait on for ever (seen in a full `make
        // test` here: `ozen devices` held in PortAudio's close, its reader in ALSA's read).
        let room = PacedRoom(card: card, hush: .digitalSilence)
        defer { room.stop() }
        let result = try OzenProcess.run(["devices"], environment: ["ALSA_CONFIG_PATH": card.alsaConfigPath])
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stderr.isEmpty, "ALSA noise: \(result.stderr)")
        let lines = result.stdout.split(separator: "\n")
        let mic = try #require(lines.first { $0.contains(" ozen_test_mic ") }, "\(result.stdout)")
        #expect(mic.contains("[ALSA, "))
        #expect(mic.contains("16000 Hz]"))
        // Speech level, drawn and in dBFS.
        let decibels = try #require(mic.split(separator: " ").reversed().dropFirst().first.flatMap { Double($0) }, "\(mic)")
        #expect(decibels > -40 && decibels < 0, "\(mic)")
        #expect(mic.contains("█"))
        #expect(lines.filter { $0.hasPrefix("*") }.count == 1)
    }

    @Test func withoutASoundCardDevicesSaysSoQuietly() throws {
        let result = try OzenProcess.run(["devices"])
        #expect(result.status == 0)
        // No sound server either (none runs for the tests unless one starts it): said, with what to do.
        let lines = result.stdout.split(separator: "\n")
        #expect(lines.first == "No microphone found — plug one in and try again", "\(result.stdout)")
        #expect(lines.count == 2 && lines[1].hasPrefix("What this computer plays: not available — the computer's sound server did not answer")
            && lines[1].contains("PULSE_SERVER"), "\(result.stdout)")
        // PortAudio's scan prints ~60 ALSA and JACK lines here unless they are silenced.
        #expect(result.stderr.isEmpty, "\(result.stderr)")
    }

    @Test func listenCaptionsTheChosenMicrophoneAndNoticesWhenItStops() throws {
        let card = try TestSoundCard()
        let speech = try WAVDecoder().read(path: Fixtures.jfk.path).samples
        card.play(TestSoundCard.pcm16(speech), on: "ozen_test_mic")
        let home = OzenProcess.testHome()
        let startedAt = Date()
        let listen = try RunningOzen(["listen", "--device", "ozen_test_mic", "--json", "--no-save", "--language", "en",
                                      "--no-speakers"], environment: ["ALSA_CONFIG_PATH": card.alsaConfigPath, "OZEN_HOME": home.path])
        defer { listen.kill() }
        // The recording arrives in one go, then nothing: captions, then the stalled microphone.
        let stalled = "microphone 'ozen_test_mic' has sent no audio for 3 s"
        let sawBoth = listen.wait(upTo: 180) { events in
            events.contains { $0["type"] as? String == "line" && ($0["text"] as? String ?? "").contains("country") }
                && events.contains { $0["state"] as? String == "retrying" && $0["reason"] as? String == stalled }
        }
        #expect(sawBoth, "\(listen.events)")
        // Ctrl-C: the open line gets its final pass, then the run ends.
        listen.interrupt()
        #expect(listen.wait(upTo: 120) { $0.last?["state"] as? String == "finished" }, "\(listen.events)")
        let states = listen.events.compactMap { $0["state"] as? String }
        #expect(Array(states.prefix(2)) == ["loading", "opening_microphone"])
        #expect(listen.events.first { $0["state"] as? String == "opening_microphone" }?["device"] as? String == "ozen_test_mic")
        let retry = try #require(listen.events.first { $0["state"] as? String == "retrying" })
        #expect(retry["retry_in_seconds"] as? Double == 1)
        let text = listen.events.filter { $0["type"] as? String == "line" }.compactMap { $0["text"] as? String }.joined(separator: " ")
        #expect(WordErrorRate.count(reference: Fixtures.jfk.transcript, hypothesis: text).rate <= 0.25, "\(text)")
        #expect(listen.exited(upTo: 30))
        #expect(listen.status == 0)

        // The diagnostics report lists the stalled microphone with its time, and the run's
        // counters, and holds no caption text.
        let report = try OzenProcess.run(["diagnostics", "--json"], environment: ["OZEN_HOME": home.path])
        #expect(report.status == 0, "\(report.stderr)")
        let object = try #require(try JSONSerialization.jsonObject(with: Data(report.stdout.utf8)) as? [String: Any])
        let incidents = object["incidents"] as? [[String: String]] ?? []
        let stall = try #require(incidents.first { $0["source"] == "microphone" && ($0["text"] ?? "").contains(stalled) }, "\(incidents)")
        #expect(stall["kind"] == "retry")
        let when = try #require(ISO8601DateFormatter().date(from: stall["time"] ?? ""), "\(stall)")
        #expect(when >= startedAt.addingTimeInterval(-1) && when <= Date(), "\(when) is not during the run")
        let run = try #require(object["last_run"] as? [String: Any])
        #expect(run["command"] as? String == "listen" && run["ended"] as? Bool == true && run["running"] as? Bool == false)
        #expect((run["audioSeconds"] as? Double ?? 0) >= 10 && (run["finalPasses"] as? Int ?? 0) >= 1 && (run["microphoneStalls"] as? Int ?? 0) >= 1, "\(run)")
        #expect(!report.stdout.lowercased().contains("country"), "caption text in the report")
        let readable = try OzenProcess.run(["diagnostics"], environment: ["OZEN_HOME": home.path])
        #expect(readable.stdout.contains(stalled) && readable.stdout.contains("Last run: ozen listen"), "\(readable.stdout)")
    }

    @Test func aDictationTakeFromTheMicrophoneEndsAtEnterWithNothingLost() throws {
        let card = try TestSoundCard()
        let speech = try WAVDecoder().read(path: Fixtures.jfk.path).samples
        card.play(TestSoundCard.pcm16(speech), on: "ozen_test_mic")
        let dictate = try RunningOzen(["dictate", "--device", "ozen_test_mic", "--json", "--insert", "stdout", "--polish", "off",
                                       "--language", "en", "--no-save"],
                                      environment: ["ALSA_CONFIG_PATH": card.alsaConfigPath], keyboard: true)
        defer { dictate.kill() }
        #expect(dictate.wait(upTo: 120) { $0.contains { $0["state"] as? String == "listening" } }, "\(dictate.events)")
        // The test card delivers the recording at once; a few seconds later it has all been read.
        Thread.sleep(forTimeInterval: 5)
        dictate.type("\n")
        #expect(dictate.wait(upTo: 120) { $0.contains { $0["type"] as? String == "dictation" } }, "\(dictate.events)")
        let take = try #require(dictate.events.first { $0["type"] as? String == "dictation" })
        let raw = take["raw"] as? String ?? ""
        #expect(WordErrorRate.count(reference: Fixtures.jfk.transcript, hypothesis: raw).rate <= 0.1, "\(raw)")
        #expect(take["text"] as? String == raw)  // --polish off
        #expect(take["cut_at_60_s"] as? Bool == false)
        // The take ran at least the 5 s waited between "listening" and Enter; its length is
        // written to 2 decimals, so 5.004 s reads 5.00 (one make test saw exactly that).
        #expect((take["seconds"] as? Double ?? 0) >= 5)
        #expect(dictate.exited(upTo: 30))
        #expect(dictate.status == 0)
    }

    /// The dictation service on its 0600 socket: `toggle` starts a take on the microphone and the
    /// next `toggle` stops it and answers with the text; a second take runs on the same loaded
    /// models; `stop` ends the service and takes its socket away.
    @Test func theToggleStartsAndStopsTakesOnTheDictationService() throws {
        let card = try TestSoundCard()
        let runtime = FileManager.default.temporaryDirectory.appendingPathComponent("ozen-runtime-\(UUID())")
        try FileManager.default.createDirectory(at: runtime, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700])
        defer { try? FileManager.default.removeItem(at: runtime) }
        let environment = ["ALSA_CONFIG_PATH": card.alsaConfigPath, "XDG_RUNTIME_DIR": runtime.path]
        let socket = runtime.appendingPathComponent("ozen-dictation.sock").path
        // A quiet room between the words, at the pace a microphone delivers it: the test card
        // otherwise stalls once a recording is read, and a stalled test pipe keeps PortAudio's
        // close waiting on a read that never returns.
        let room = PacedRoom(card: card, hush: .digitalSilence)
        defer { room.stop() }
        #expect(try OzenProcess.run(["dictate", "status"], environment: environment).stdout == "not running\n")
        let service = try RunningOzen(["dictate", "serve", "--device", "ozen_test_mic", "--json", "--insert", "stdout",
                                       "--polish", "off", "--language", "en", "--no-save"], environment: environment)
        defer { service.kill() }
        for _ in 0..<600 where !FileManager.default.fileExists(atPath: socket) { Thread.sleep(forTimeInterval: 0.1) }
        let rights = try FileManager.default.attributesOfItem(atPath: socket)[.posixPermissions] as? Int
        #expect(rights == 0o600)
        #expect(try OzenProcess.run(["dictate", "status"], environment: environment).stdout == "idle\n")

        let start = try OzenProcess.run(["dictate", "toggle"], environment: environment)
        #expect(start.status == 0 && start.stderr.contains("listening"), "\(start.stderr)")
        #expect(try OzenProcess.run(["dictate", "status"], environment: environment).stdout == "listening\n")
        card.play(TestSoundCard.pcm16(try WAVDecoder().read(path: Fixtures.jfk.path).samples), on: "ozen_test_mic")
        Thread.sleep(forTimeInterval: 3)
        let stop = try OzenProcess.run(["dictate", "toggle"], environment: environment)
        #expect(stop.status == 0, "\(stop.stderr)")
        #expect(WordErrorRate.count(reference: Fixtures.jfk.transcript, hypothesis: stop.stdout).rate <= 0.1, "\(stop.stdout)")
        #expect(service.wait(upTo: 30) { $0.contains { $0["type"] as? String == "dictation" } }, "\(service.events)")

        // A second take on the same models, in a quiet room: nothing is inserted, and she is told.
        let again = try OzenProcess.run(["dictate", "toggle"], environment: environment)
        #expect(again.stderr.contains("listening"), "\(again.stdout) \(again.stderr)")
        Thread.sleep(forTimeInterval: 2)
        let silent = try OzenProcess.run(["dictate", "toggle"], environment: environment)
        #expect(silent.stdout.isEmpty && silent.stderr.contains("no speech was heard"), "\(silent.stdout) \(silent.stderr)")

        let end = try OzenProcess.run(["dictate", "stop"], environment: environment)
        #expect(end.status == 0 && end.stdout == "stopped\n", "\(end.stdout) \(end.stderr)")
        #expect(service.exited(upTo: 30), "\(service.events)")
        #expect(service.status == 0)
        #expect(!FileManager.default.fileExists(atPath: socket))
    }
}

/// `ozen` (or `program`: `ozen-window`) running in the background, its JSON events read as they come.
final class RunningOzen: @unchecked Sendable {
    private let process = Process()
    private let lock = NSLock()
    private var lines: [String] = []
    private let input = Pipe()

    /// `keyboard`: its stdin is a pipe the test types into (`type`); otherwise /dev/null.
    init(_ arguments: [String], environment: [String: String], keyboard: Bool = false, program: URL = OzenProcess.binary) throws {
        process.executableURL = program
        process.arguments = arguments
        process.environment = OzenProcess.defaultEnvironment.merging(environment) { $1 }
        process.standardInput = keyboard ? input : FileHandle.nullDevice
        let out = Pipe()
        process.standardOutput = out
        process.standardError = FileHandle.nullDevice
        try process.run()
        let reader = Thread { [self] in
            var pending = Data()
            while true {
                let chunk = out.fileHandleForReading.availableData
                if chunk.isEmpty { break }
                pending += chunk
                while let newline = pending.firstIndex(of: UInt8(ascii: "\n")) {
                    let line = String(decoding: pending[..<newline], as: UTF8.self)
                    pending = Data(pending[(newline + 1)...])
                    lock.withLock { lines.append(line) }
                }
            }
        }
        reader.start()
    }

    var status: Int32 { process.terminationStatus }

    var events: [[String: Any]] {
        lock.withLock { lines }.compactMap { try? JSONSerialization.jsonObject(with: Data($0.utf8)) as? [String: Any] }
    }

    /// Waits (up to a generous deadline, not a measured time) until `condition` holds.
    func wait(upTo seconds: Double, until condition: ([[String: Any]]) -> Bool) -> Bool {
        let deadline = Date().addingTimeInterval(seconds)
        while Date() < deadline, process.isRunning {
            if condition(events) { return true }
            Thread.sleep(forTimeInterval: 0.1)
        }
        return condition(events)
    }

    /// Waits for the process to end by itself (up to a generous deadline).
    func exited(upTo seconds: Double) -> Bool {
        let deadline = Date().addingTimeInterval(seconds)
        while process.isRunning, Date() < deadline { Thread.sleep(forTimeInterval: 0.1) }
        return !process.isRunning
    }

    func interrupt() { Foundation.kill(process.processIdentifier, SIGINT) }

    /// Keys typed at its terminal.
    func type(_ text: String) { input.fileHandleForWriting.write(Data(text.utf8)) }

    func kill() {
        if process.isRunning { Foundation.kill(process.processIdentifier, SIGKILL) }
        process.waitUntilExit()
    }
}

import Foundation
import OzenKit
import OzenTestSupport
import Testing

/// `ozen caption` end to end: the built binary, the real models, real and broken recordings.
/// What the session does with a recording is checked in process (CaptionSessionTests).
@Suite(.serialized) struct CaptionCommandTests {
    let scratch: URL

    init() throws {
        scratch = FileManager.default.temporaryDirectory.appendingPathComponent("ozen-cli-\(UUID())")
        try FileManager.default.createDirectory(at: scratch, withIntermediateDirectories: true)
    }

    func file(_ name: String, _ data: Data) throws -> String {
        let url = scratch.appendingPathComponent(name)
        try data.write(to: url)
        return url.path
    }

    @Test func jsonEventsForARealRecording() throws {
        let result = try OzenProcess.run(["caption", Fixtures.jfk.path, "--language", "en", "--json", "--no-save"])
        #expect(result.status == 0, "\(result.stderr)")
        let events = try result.stdout.split(separator: "\n").map {
            try #require(try JSONSerialization.jsonObject(with: Data($0.utf8)) as? [String: Any])
        }
        #expect(events.allSatisfy { $0["type"] is String && $0["at"] is NSNumber })
        let lines = events.filter { $0["type"] as? String == "line" }
        #expect(!lines.isEmpty)
        for line in lines {
            for key in ["id", "text", "start", "end", "final", "speaker", "confidence", "uncertain"] {
                #expect(line[key] != nil, "missing \(key)")
            }
            // One man speaking: every line is the first voice's.
            #expect(line["speaker"] as? String == "Speaker 1")
            #expect(line["final"] as? Bool == true)
        }
        let text = lines.compactMap { $0["text"] as? String }.joined(separator: " ")
        #expect(WordErrorRate.count(reference: Fixtures.jfk.transcript, hypothesis: text).rate <= 0.10, "\(text)")
        #expect(events.last?["state"] as? String == "finished")
    }

    /// With corrections on for every line (the suite runs with them off, `scripts/test.sh`): the
    /// line that locked as "ill-sposed" is followed by a `corrected` event for the same id.
    @Test func aLockedLineHeardBetterIsCorrectedInTheEvents() throws {
        let clip = Fixtures.path("librivox/sense_and_sensibility_01_austen_64kb-0880.wav")
        let result = try OzenProcess.run(["caption", clip, "--language", "en", "--json", "--no-save"],
                                         environment: ["OZEN_CORRECT_BELOW": "1"], without: ["OZEN_NO_CORRECTIONS"])
        #expect(result.status == 0, "\(result.stderr)")
        let events = try result.stdout.split(separator: "\n").map {
            try #require(try JSONSerialization.jsonObject(with: Data($0.utf8)) as? [String: Any])
        }
        let lineIDs = events.filter { $0["type"] as? String == "line" }.compactMap { $0["id"] as? Int }
        let corrected = events.filter { $0["type"] as? String == "corrected" }
        #expect(corrected.count == 1, "\(result.stdout)")
        guard let correction = corrected.first else { return }
        #expect((correction["text"] as? String)?.contains("ill-disposed") == true && correction["previous_text"] is String)
        #expect(lineIDs.contains(correction["id"] as? Int ?? -1))
        #expect(events.last?["state"] as? String == "finished")
    }

    @Test func plainOutputPrintsTimedLines() throws {
        let result = try OzenProcess.run(["caption", Fixtures.path("librivox/sense_and_sensibility_01_austen_64kb-0880.wav"), "--language", "en"])
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stdout.hasPrefix("[00:0"))
        #expect(result.stdout.lowercased().contains("young man"))
    }

    /// eSpeak's Hebrew provokes a loop in Whisper base ("שלום, שאלום, שאלום, שאלום, שאלום, שאל"
    /// before the loop rule); whatever base makes of it, no loop of any kind (`LoopGuard`) reaches the screen.
    @Test func aLoopNeverReachesTheScreen() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("ozen-loop-\(UUID())")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let wav = folder.appendingPathComponent("he.wav").path
        let said = try OzenProcess.run(["say", "שלום סבתא, התור לרופא מחר בשבע וחצי", "--language", "he", "--out", wav])
        #expect(said.status == 0, "\(said.stderr)")
        let result = try OzenProcess.run(["caption", wav, "--language", "he", "--no-save", "--json"])
        #expect(result.status == 0, "\(result.stderr)")
        for line in result.stdout.split(separator: "\n") {
            guard let event = try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any],
                  let text = event["text"] as? String else { continue }
            #expect(!LoopGuard.isPresent(in: text), "\(text)")
        }
    }

    func expectOneLineError(_ arguments: [String], status: Int32, mentioning words: [String],
                            environment: [String: String] = [:]) throws {
        let result = try OzenProcess.run(arguments, environment: environment)
        #expect(result.status == status, "\(arguments): \(result.stderr)")
        #expect(result.stderrLines.count == 1, "\(arguments): \(result.stderr)")
        #expect(result.stdout.isEmpty || !result.stdout.contains("\"type\":\"line\""))
        for word in words { #expect(result.stderr.contains(word), "\(arguments): \(result.stderr)") }
    }

    @Test func badRecordingsGetOneClearLine() throws {
        let real = try WAVDecoder().read(path: Fixtures.jfk.path).samples
        var nan = Array(real.prefix(16_000)); nan[5] = .nan
        let cases: [(String, Int32, [String])] = [
            (try file("notes.wav", Data("shopping list: bread, milk".utf8)), 65, ["not a WAV"]),
            (try file("cut.wav", WAVEncoder().encode(real).prefix(24)), 65, ["cut short"]),
            (try file("empty.wav", WAVEncoder().encode([])), 65, ["zero samples"]),
            (try file("nan.wav", WAVEncoder(format: .float32).encode(nan)), 65, ["not numbers"]),
            (scratch.path, 66, ["folder"]),
            (scratch.appendingPathComponent("missing.wav").path, 66, ["no such file"]),
        ]
        for (path, status, words) in cases {
            try expectOneLineError(["caption", path], status: status, mentioning: words)
        }
    }

    /// A newcomer's first try, `ozen serve --help`, answers with that command's entry, not an error.
    @Test func helpAfterACommandShowsThatCommand() throws {
        let asked: [([String], String)] = [
            (["serve", "--help"], "ozen serve [--host"),
            (["bench", "accuracy", "-h"], "ozen bench accuracy FILE"),
            (["help", "history", "show"], "ozen history list|show"),
            (["caption", Fixtures.jfk.path, "--help"], "ozen caption FILE"),
        ]
        for (arguments, entry) in asked {
            let result = try OzenProcess.run(arguments)
            #expect(result.status == 0, "\(arguments): \(result.stderr)")
            #expect(result.stdout.contains(entry), "\(arguments): \(result.stdout)")
            // Only that command: the listen entry is not in serve's help, and nothing was captioned.
            #expect(!result.stdout.contains("ozen listen ["), "\(arguments): \(result.stdout)")
            #expect(!result.stdout.contains("\"type\""), "\(arguments)")
        }
    }

    @Test func badCommandLinesAreUsageErrors() throws {
        try expectOneLineError(["caption"], status: 64, mentioning: ["needs a recording"])
        try expectOneLineError(["caption", Fixtures.jfk.path, "--language", "xx"], status: 64, mentioning: ["unknown language"])
        try expectOneLineError(["caption", Fixtures.jfk.path, "--loud"], status: 64, mentioning: ["--loud"])
        try expectOneLineError(["dance"], status: 64, mentioning: ["unknown command"])
        try expectOneLineError(["caption", Fixtures.jfk.path], status: 64, mentioning: ["OZEN_FINAL_BEAM", "1 to 8"],
                               environment: ["OZEN_FINAL_BEAM": "0"])
        try expectOneLineError(["caption", Fixtures.jfk.path], status: 64, mentioning: ["OZEN_LIVE_THREADS", "1 to 64"],
                               environment: ["OZEN_LIVE_THREADS": "two"])
        try expectOneLineError(["caption", Fixtures.jfk.path], status: 64, mentioning: ["OZEN_PASS_COST_FACTOR", "0 to 10"],
                               environment: ["OZEN_PASS_COST_FACTOR": "-1"])
        // Silero's threshold knob is read by the server too, and refused there before it listens.
        for command in [["caption", Fixtures.jfk.path], ["serve", "--no-speakers", "--no-sounds", "--port", "0"]] {
            try expectOneLineError(command, status: 64, mentioning: ["OZEN_VAD_THRESHOLD", "0.1 to 0.9"],
                                   environment: ["OZEN_VAD_THRESHOLD": "1.5"])
        }
        try expectOneLineError(["bench", "accuracy", "--table", "--no-realtime", "--realtime-only"], status: 64,
                               mentioning: ["--no-realtime", "--realtime-only"])
    }

    /// A home whose models are copies of the real ones, to break without touching the real ones.
    func homeWithCopiedModels() throws -> URL {
        let home = scratch.appendingPathComponent("home")
        for name in ["base", "silero-vad"] {
            let from = URL(fileURLWithPath: Fixtures.home.modelsPath).appendingPathComponent(name)
            let to = home.appendingPathComponent("models/\(name)")
            try FileManager.default.createDirectory(at: to.deletingLastPathComponent(), withIntermediateDirectories: true)
            try FileManager.default.copyItem(at: from, to: to)
        }
        return home
    }

    @Test func aModelShortByOneByteIsRefusedWithTheFix() throws {
        let home = try homeWithCopiedModels()
        let model = home.appendingPathComponent("models/base/model.bin")
        let handle = try FileHandle(forWritingTo: model)
        let size = try handle.seekToEnd()
        try handle.truncate(atOffset: size - 1)
        try handle.close()
        try expectOneLineError(["caption", Fixtures.jfk.path], status: 78, mentioning: ["base", "make setup"],
                               environment: ["OZEN_HOME": home.path])
    }

    @Test func aModelCutShortWithAMatchingManifestIsStillRefused() throws {
        // Even if the manifest were rewritten to the short size, the file's own structure gives it away.
        let home = try homeWithCopiedModels()
        let folder = home.appendingPathComponent("models/base")
        let model = folder.appendingPathComponent("model.bin")
        let handle = try FileHandle(forWritingTo: model)
        let size = try handle.seekToEnd()
        try handle.truncate(atOffset: size / 2)
        try handle.close()
        let manifestURL = folder.appendingPathComponent("manifest.json")
        var manifest = try JSONDecoder().decode(ModelManifest.self, from: Data(contentsOf: manifestURL))
        manifest.size = Int(size / 2)
        try JSONEncoder().encode(manifest).write(to: manifestURL)
        try expectOneLineError(["caption", Fixtures.jfk.path], status: 78, mentioning: ["truncated", "make setup"],
                               environment: ["OZEN_HOME": home.path])
    }

    @Test func aMissingModelNamesTheFix() throws {
        let home = scratch.appendingPathComponent("empty-home")
        try expectOneLineError(["caption", Fixtures.jfk.path], status: 78, mentioning: ["not installed", "make setup"],
                               environment: ["OZEN_HOME": home.path])
        // A final model that is not installed is said before anything runs, the same way.
        try expectOneLineError(["caption", Fixtures.jfk.path, "--final-model", "small"], status: 78, mentioning: ["small", "installed"])
        let damagedVAD = try homeWithCopiedModels()
        let vad = damagedVAD.appendingPathComponent("models/silero-vad/silero_vad.onnx")
        var bytes = try Data(contentsOf: vad)
        bytes[bytes.count / 2] ^= 0xFF
        try bytes.write(to: vad)
        try expectOneLineError(["caption", Fixtures.jfk.path], status: 78, mentioning: ["checksum", "make setup"],
                               environment: ["OZEN_HOME": damagedVAD.path])
    }
}

import Foundation
import OzenIO
import OzenKit
import OzenTestSupport
import Testing
#if canImport(Glibc)
import Glibc
#endif

/// Cloud captions (`--engine cloud`) against a second `ozen serve` on 127.0.0.1 as the cloud,
/// killed mid-conversation: every line still comes, the lines before came from the cloud, the
/// ones after from this computer, and she is told when it changed.
@Suite(.serialized) struct CloudCaptionTests {
    /// JFK, then the LibriVox clips, with two seconds of quiet between: one line each.
    static func conversation() throws -> (path: String, transcript: String) {
        let clips = [Fixtures.jfk] + (try Fixtures.librivox())
        var samples: [Float] = []
        for clip in clips {
            samples += try WAVDecoder().read(path: clip.path).atSpeechRate().samples
            samples += [Float](repeating: 0, count: 2 * MonoAudio.speechRate)
        }
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("cloud-conversation-\(UUID()).wav").path
        try WAVEncoder(format: .pcm16, sampleRate: MonoAudio.speechRate).encode(samples).write(to: URL(fileURLWithPath: path))
        return (path, clips.map(\.transcript).joined(separator: " "))
    }

    @Test func aCloudThatDiesMidConversationLosesNoLine() throws {
        let cloud = try ServeProcess(["--no-speakers", "--no-sounds", "--no-save", "--language", "en"])
        defer { cloud.stop() }
        let home = OzenProcess.testHome()
        let set = try OzenProcess.run(["caption", "provider", "set", "--base-url", "http://127.0.0.1:\(cloud.port)/v1"], environment: ["OZEN_HOME": home.path])
        #expect(set.status == 0, "\(set.stderr)")
        let (recording, transcript) = try Self.conversation()
        defer { try? FileManager.default.removeItem(atPath: recording) }

        let process = Process()
        process.executableURL = OzenProcess.binary
        process.arguments = ["caption", recording, "--realtime", "--engine", "cloud", "--json", "--no-save", "--no-sounds", "--no-speakers", "--language", "en"]
        process.environment = OzenProcess.defaultEnvironment.merging(["OZEN_HOME": home.path]) { $1 }
        let out = Pipe(), err = Pipe()
        process.standardOutput = out
        process.standardError = err
        let printed = ServeProcess.Log(), said = ServeProcess.Log()
        try process.run()
        let readers = [PipeReader(out) { printed.append($0) }, PipeReader(err) { said.append($0) }]
        // The cloud dies once two lines have come.
        let deadline = Date().addingTimeInterval(120)
        while Date() < deadline, process.isRunning, printed.text.components(separatedBy: #""type":"line""#).count - 1 < 2 {
            Thread.sleep(forTimeInterval: 0.05)
        }
        kill(cloud.process.processIdentifier, SIGKILL)
        let linesBefore = printed.text.components(separatedBy: #""type":"line""#).count - 1
        let end = Date().addingTimeInterval(180)
        while Date() < end, process.isRunning { Thread.sleep(forTimeInterval: 0.1) }
        if process.isRunning { kill(process.processIdentifier, SIGKILL) }
        process.waitUntilExit()
        for reader in readers { reader.wait(seconds: 10) }
        #expect(process.terminationStatus == 0, "\(said.text)")
        #expect(linesBefore == 2, "the cloud was killed after \(linesBefore) lines")

        let events = printed.text.split(separator: "\n").compactMap { try? JSONSerialization.jsonObject(with: Data($0.utf8)) as? [String: Any] }
        let lines = events.filter { $0["type"] as? String == "line" }.compactMap { $0["text"] as? String }
        let notes = events.filter { $0["type"] as? String == "status" && $0["state"] as? String == "note" }.compactMap { $0["text"] as? String }
        #expect(notes.contains { $0.contains("cloud captions failed") && $0.contains("this computer") }, "\(notes)")
        let wer = WordErrorRate.count(reference: transcript, hypothesis: lines.joined(separator: " ")).rate
        #expect(wer <= 0.15, "WER \(wer): \(lines)")
        let summary = try #require(said.text.split(separator: "\n").first { $0.contains("cloud captions, lines:") }, "\(said.text)")
        let counts = summary.split(whereSeparator: { !$0.isNumber }).compactMap { Int($0) }
        #expect(counts.count == 2 && counts[0] >= 2 && counts[1] >= 2, "\(summary)")
        #expect(said.text.contains("goes to 127.0.0.1"))
    }

    /// The diagnostics report says which provider cloud captions use and that a key is set,
    /// never the key.
    @Test func theKeyNeverReachesTheDiagnosticsReport() throws {
        let home = OzenProcess.testHome()
        let secret = "sk-test-0123456789abcdefSECRET"
        _ = try OzenProcess.run(["caption", "provider", "set", "--preset", "openai"], environment: ["OZEN_HOME": home.path])
        let rights = try FileManager.default.attributesOfItem(atPath: home.appendingPathComponent("providers/captions.json").path)[.posixPermissions] as? Int
        #expect(rights == 0o600)
        for format in [["--json"], []] {
            let report = try OzenProcess.run(["diagnostics"] + format, environment: ["OZEN_HOME": home.path, "OZEN_API_KEY": secret])
            #expect(report.status == 0, "\(report.stderr)")
            #expect(report.stdout.contains("api.openai.com") && report.stdout.contains("set"), "\(report.stdout)")
            #expect(!report.stdout.contains("SECRET") && !report.stderr.contains("SECRET"))
        }
    }

    @Test func cloudCaptionsWithoutAProviderSayHowToSetOne() throws {
        let run = try OzenProcess.run(["caption", Fixtures.jfk.path, "--engine", "cloud", "--no-save"])
        #expect(run.status == Int32(64) && run.stderr.contains("ozen caption provider set"), "\(run.stderr)")
        let wrong = try OzenProcess.run(["caption", Fixtures.jfk.path, "--engine", "moon", "--no-save"])
        #expect(wrong.status == Int32(64) && wrong.stderr.contains("local or cloud"), "\(wrong.stderr)")
    }
}

import Foundation
import OzenTestSupport
import Testing

/// `ozen speakers`: enrol a real person from their recordings, see their name on their lines,
/// rename them (saved lines follow), remove them; and the errors a person can make.
@Suite(.serialized) struct SpeakersCommandTests {
    let home = OzenProcess.testHome()
    var environment: [String: String] { ["OZEN_HOME": home.path] }
    func librivox(_ n: Int) -> String {
        Fixtures.path(["librivox/sense_and_sensibility_01_austen_64kb-0870.wav", "librivox/sense_and_sensibility_01_austen_64kb-0890.wav",
                       "librivox/sense_and_sensibility_01_austen_64kb-0920.wav", "librivox/sense_and_sensibility_01_austen_64kb-0930.wav"][n])
    }

    @Test func enrolNameRenameRemove() throws {
        defer { try? FileManager.default.removeItem(at: home) }
        let enrolled = try OzenProcess.run(["speakers", "enroll", "Elinor", librivox(0), librivox(1)], environment: environment)
        #expect(enrolled.status == 0, "\(enrolled.stderr)")
        let peoplePath = home.appendingPathComponent("people.json").path
        let rights = try FileManager.default.attributesOfItem(atPath: peoplePath)[.posixPermissions] as? NSNumber
        #expect(rights?.intValue == 0o600)
        let listed = try OzenProcess.run(["speakers", "list"], environment: environment)
        #expect(listed.stdout.hasPrefix("Elinor\t2 recordings"), "\(listed.stdout)")

        // Her other clip, captioned and saved: every line is hers by name.
        let captioned = try OzenProcess.run(["caption", librivox(2), "--language", "en", "--json"], environment: environment)
        #expect(captioned.status == 0, "\(captioned.stderr)")
        let lines = try captioned.stdout.split(separator: "\n").map {
            try #require(try JSONSerialization.jsonObject(with: Data($0.utf8)) as? [String: Any])
        }.filter { $0["type"] as? String == "line" && !($0["text"] as? String ?? "").isEmpty }
        #expect(!lines.isEmpty && lines.allSatisfy { $0["speaker"] as? String == "Elinor" }, "\(lines)")

        let renamed = try OzenProcess.run(["speakers", "rename", "elinor", "Marianne"], environment: environment)
        #expect(renamed.status == 0, "\(renamed.stderr)")
        #expect(renamed.stdout.contains("\(lines.count) saved lines changed"), "\(renamed.stdout)")
        let exported = try OzenProcess.run(["history", "export", "1", "--format", "text"], environment: environment)
        #expect(exported.stdout.contains("Marianne: ") && !exported.stdout.contains("Elinor"), "\(exported.stdout)")

        let removed = try OzenProcess.run(["speakers", "remove", "Marianne"], environment: environment)
        #expect(removed.status == 0)
        #expect(try OzenProcess.run(["speakers", "list"], environment: environment).stdout.hasPrefix("nobody is enrolled"))
    }

    @Test func mistakesGetOneClearLine() throws {
        defer { try? FileManager.default.removeItem(at: home) }
        // 1.1 s of a card being read: too little speech to know a voice by.
        let short = try OzenProcess.run(["speakers", "enroll", "Ruth", Fixtures.path("cards/001.wav")], environment: environment)
        #expect(short.status == 65 && short.stderrLines.count == 1 && short.stderr.contains("at least 2 s"), "\(short.stderr)")
        let missing = try OzenProcess.run(["speakers", "enroll", "Ruth", "/nonexistent/ruth.wav"], environment: environment)
        #expect(missing.status == 66 && missing.stderrLines.count == 1, "\(missing.stderr)")
        let nobody = try OzenProcess.run(["speakers", "rename", "Ruth", "Ruthie"], environment: environment)
        #expect(nobody.status == 66 && nobody.stderr.contains("nobody called Ruth"), "\(nobody.stderr)")
        let numbered = try OzenProcess.run(["speakers", "enroll", "Speaker 2", librivox(0)], environment: environment)
        #expect(numbered.status == 64, "\(numbered.stderr)")
        // The eval pointed at a folder without its recordings says where it looked and what to do.
        let noRecordings = try OzenProcess.run(["speakers", "eval", "--fixtures", "/nonexistent/recordings"], environment: environment)
        #expect(noRecordings.status == 64 && noRecordings.stderrLines.count == 1
                && noRecordings.stderr.contains("/nonexistent/recordings") && noRecordings.stderr.contains("--fixtures DIR"), "\(noRecordings.stderr)")
        // Nothing was written by any of them.
        #expect(!FileManager.default.fileExists(atPath: home.appendingPathComponent("people.json").path))

        try Data("{not json".utf8).write(to: home.appendingPathComponent("people.json"))
        let damaged = try OzenProcess.run(["speakers", "list"], environment: environment)
        #expect(damaged.status != 0 && damaged.stderrLines.count == 1 && damaged.stderr.contains("people.json"), "\(damaged.stderr)")
        let captioned = try OzenProcess.run(["caption", Fixtures.jfk.path, "--language", "en", "--no-save"], environment: environment)
        #expect(captioned.status != 0 && captioned.stderr.contains("people.json"), "a damaged list is not silently ignored: \(captioned.stderr)")
    }
}

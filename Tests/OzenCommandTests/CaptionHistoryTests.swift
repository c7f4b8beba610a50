import Foundation
import OzenTestSupport
import Testing

/// `ozen caption` keeps the conversation as it happens: every locked line is saved, and a
/// `kill -9` loses at most the line still being spoken.
@Suite(.serialized) struct CaptionHistoryTests {
    func lineTexts(_ jsonLines: String) -> [String] {
        jsonLines.split(separator: "\n").compactMap { row in
            guard let e = try? JSONSerialization.jsonObject(with: Data(row.utf8)) as? [String: Any],
                  e["type"] as? String == "line", let text = e["text"] as? String, !text.isEmpty else { return nil }
            return text
        }
    }

    @Test func everyLockedLineIsSavedAndFound() throws {
        let home = OzenProcess.testHome()
        let env = ["OZEN_HOME": home.path]
        let caption = try OzenProcess.run(["caption", Fixtures.jfk.path, "--language", "en", "--json"], environment: env)
        #expect(caption.status == 0, "\(caption.stderr)")
        let locked = lineTexts(caption.stdout)
        #expect(!locked.isEmpty)
        let export = try OzenProcess.run(["history", "export", "1", "--format", "text"], environment: env)
        #expect(export.status == 0, "\(export.stderr)")
        for text in locked { #expect(export.stdout.contains(text), "not saved: \(text)") }
        let search = try OzenProcess.run(["history", "search", "country", "fellow"], environment: env)
        #expect(search.status == 0 && search.stdout.lowercased().contains("country"), "\(search.stdout)\(search.stderr)")
        let unsaved = try OzenProcess.run(["caption", Fixtures.jfk.path, "--language", "en", "--no-save"], environment: env)
        #expect(unsaved.status == 0)
        // Nothing was saved: there is no conversation 2, which is input that is not there (EX_NOINPUT).
        let missing = try OzenProcess.run(["history", "export", "2", "--format", "text"], environment: env)
        #expect(missing.status == 66 && missing.stderr.contains("no conversation #2"), "\(missing.status) \(missing.stderr)")
    }

    @Test func killDashNineLosesAtMostTheOpenLine() throws {
        let home = OzenProcess.testHome()
        let process = Process()
        process.executableURL = OzenProcess.binary
        process.arguments = ["caption", Fixtures.jfk.path, "--language", "en", "--json", "--realtime"]
        process.environment = OzenProcess.defaultEnvironment.merging(["OZEN_HOME": home.path]) { $1 }
        let out = Pipe()
        process.standardOutput = out
        process.standardError = FileHandle.nullDevice
        try process.run()
        // Read events as they come until two lines have locked (bounded: JFK is 11 s long).
        var seen = ""
        let deadline = Date().addingTimeInterval(30)
        while lineTexts(seen).count < 2, Date() < deadline {
            let chunk = out.fileHandleForReading.availableData
            if chunk.isEmpty { break }
            seen += String(decoding: chunk, as: UTF8.self)
        }
        // Past "durable within a second of locking", then the hardest stop there is.
        Thread.sleep(forTimeInterval: 1.0)
        kill(process.processIdentifier, SIGKILL)
        process.waitUntilExit()
        let locked = lineTexts(seen)
        #expect(locked.count >= 2, "\(seen)")
        let export = try OzenProcess.run(["history", "export", "1", "--format", "text"], environment: ["OZEN_HOME": home.path])
        #expect(export.status == 0, "\(export.stderr)")
        for text in locked { #expect(export.stdout.contains(text), "lost after kill -9: \(text)") }
    }
}

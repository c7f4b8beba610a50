import Foundation
import OzenKit
import Testing

/// The first run's question and what her answer changes: asked until answered, her name at the
/// top of the names list and first among the alert words.
@Suite struct FirstRunTests {
    func freshHome() throws -> OzenHome {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("ozen-first-run-\(UUID())").path
        try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
        return OzenHome(path: path)
    }

    @Test func herNameGoesFirstEverywhereAndIsNotAskedAgain() throws {
        let home = try freshHome()
        try WordsList(entries: ["Dr. Cohen", "סבתא"]).save(to: WordsList.path(in: home))
        #expect(FirstRun.shouldAsk(in: home), "a setup made before the question gets it once")
        try FirstRun.answer("  סבתא ", in: home)
        #expect(!FirstRun.shouldAsk(in: home))
        #expect(HerName.load(in: home) == "סבתא")
        #expect(try WordsList.load(from: WordsList.path(in: home)).entries == ["סבתא", "Dr. Cohen"])
        #expect(HerName.alertWords(["medicine", "סבתא"], in: home) == ["סבתא", "medicine"])
    }

    @Test func notNowIsRememberedAndNothingChanges() throws {
        let home = try freshHome()
        try FirstRun.answer(nil, in: home)
        #expect(!FirstRun.shouldAsk(in: home))
        #expect(HerName.load(in: home) == nil)
        #expect(HerName.alertWords(["medicine"], in: home) == ["medicine"])
        #expect(!FileManager.default.fileExists(atPath: WordsList.path(in: home)))
    }
}

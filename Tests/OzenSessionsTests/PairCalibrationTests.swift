import Foundation
import OzenKit
import OzenSessions
import OzenTestSupport
import Testing

/// Which pairs of live and final models this computer can run (`PairCalibration`): measured
/// on the real pipeline with the installed base model and a copy of it under another name (the
/// stand-in for a second model: no other Whisper model can be obtained here), kept, and read
/// back instead of measured again.
@Suite struct PairCalibrationTests {
    /// A home whose models folder holds links to every installed model, and "base-copy".
    static func homeWithACopy() throws -> OzenHome {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("ozen-pair-home-\(UUID())")
        let models = folder.appendingPathComponent("models")
        try FileManager.default.createDirectory(at: models, withIntermediateDirectories: true)
        for name in try FileManager.default.contentsOfDirectory(atPath: Fixtures.home.modelsPath) {
            try FileManager.default.createSymbolicLink(atPath: models.appendingPathComponent(name).path,
                                                       withDestinationPath: Fixtures.home.modelsPath + "/" + name)
        }
        try FileManager.default.createSymbolicLink(atPath: models.appendingPathComponent("base-copy").path,
                                                   withDestinationPath: Fixtures.home.modelsPath + "/base")
        return OzenHome(path: folder.path)
    }

    @Test func aPairIsTimedOnceOnThePipelineAndKept() throws {
        let home = try Self.homeWithACopy()
        defer { try? FileManager.default.removeItem(atPath: home.path) }
        #expect(PairCalibration.whisperModels(in: home) == ["base", "base-copy"])
        let (first, measured) = try PairCalibration.speed(live: "base", final: "base-copy", home: home)
        #expect(measured)
        // The whole pipeline ran: live passes, a final per sentence, a correction per line.
        #expect(first.load > 0 && first.livePass > 0 && first.finalPass > 0 && first.correction > 0, "\(first)")
        #expect(first.live == "base" && first.final == "base-copy")
        #expect(FileManager.default.fileExists(atPath: PairSpeeds.path(in: home)))
        let (again, measuredAgain) = try PairCalibration.speed(live: "base", final: "base-copy", home: home)
        #expect(!measuredAgain && again == first)
        // The verdict is the kept figures' own.
        #expect(first.verdict.hasPrefix(first.keepsUp ? "keeps up" : first.livePass > PairSpeed.livePassAtMost ? "live words" : "would fall behind"))
    }
}

import Foundation
import OzenKit
import Testing

/// Whether a live and a final model keep up together (`PairSpeed`), from measured figures.
@Suite struct PairSpeedTests {
    static func speed(load: Double, live: Double) -> PairSpeed {
        PairSpeed(live: "base", final: "large", load: load, livePass: live, finalPass: 0.6, correction: 2, key: "k")
    }

    @Test func aPairKeepsUpWithHeadroomAndQuickLivePasses() {
        #expect(Self.speed(load: 0.5, live: 0.3).keepsUp)
        #expect(Self.speed(load: PairSpeed.keepsUpBelow, live: PairSpeed.livePassAtMost).keepsUp)
        #expect(!Self.speed(load: 0.95, live: 0.3).keepsUp)
        #expect(Self.speed(load: 0.95, live: 0.3).verdict.hasPrefix("would fall behind"))
        #expect(!Self.speed(load: 0.5, live: 0.9).keepsUp)
        #expect(Self.speed(load: 0.5, live: 0.9).verdict.hasPrefix("live words would come late"))
    }

    @Test func measurementsAreKeptPerPairAndReadBack() throws {
        let home = OzenHome(path: FileManager.default.temporaryDirectory.appendingPathComponent("ozen-speeds-\(UUID())").path)
        defer { try? FileManager.default.removeItem(atPath: home.path) }
        #expect(PairSpeeds.load(from: home).pairs.isEmpty)
        var kept = PairSpeeds()
        kept.keep(Self.speed(load: 0.9, live: 0.3))
        var newer = Self.speed(load: 0.5, live: 0.3)
        newer.key = "k2"
        kept.keep(newer)
        #expect(kept.pairs.count == 1)
        try kept.save(to: home)
        let read = PairSpeeds.load(from: home)
        #expect(read.measured(key: "k2")?.load == 0.5 && read.measured(key: "k") == nil)
        // A file that cannot be read counts as nothing kept: the pair is measured again.
        try Data("not json".utf8).write(to: URL(fileURLWithPath: PairSpeeds.path(in: home)))
        #expect(PairSpeeds.load(from: home).pairs.isEmpty)
    }
}

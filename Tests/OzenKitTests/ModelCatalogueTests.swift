import Foundation
import OzenKit
import Testing

/// The catalogue that ships with Ozen reads true, and what it recommends follows what fits.
@Suite struct ModelCatalogueTests {
    let catalogue: ModelCatalogue

    init() throws { catalogue = try ModelCatalogue.bundled() }

    @Test func everyEntryIsAPublishersFileWithItsChecksum() {
        #expect(catalogue.models.count >= 20)
        #expect(Set(catalogue.models.map(\.name)).count == catalogue.models.count, "two entries share a name")
        for m in catalogue.models {
            #expect(m.url.hasPrefix("https://") && m.url.hasSuffix(".bin"), "\(m.name): \(m.url)")
            #expect(m.size > 10_000_000, "\(m.name)")
            #expect(m.sha256.map { $0.count == 64 && $0.allSatisfy(\.isHexDigit) } ?? true, "\(m.name)")
            #expect(m.memoryMB * 1_000_000 > m.size, "\(m.name) needs less memory than its file")
            #expect(["MIT", "Apache-2.0"].contains(m.licence), "\(m.name)")
            if let of = m.figuresOf { #expect(catalogue.model(named: of) != nil, "\(m.name) borrows figures from a model not listed") }
        }
        #expect(catalogue.models.filter(\.isEmbedded).map(\.name) == ["base"])
        #expect(catalogue.models.filter { $0.isRecommended(for: "he") }.map(\.name) == ["ivrit-large-v3-turbo"])
    }

    func fit(_ computer: ModelFit.Computer) -> (CatalogueModel) -> ModelFit {
        { ModelFit($0, in: catalogue, on: computer, installed: $0.isEmbedded) }
    }

    @Test func theHebrewRecommendationIsTheBestThatFits() throws {
        let roomy = ModelFit.Computer(freeDiskBytes: 100_000_000_000, memoryBytes: 32_000_000_000, cores: 2)
        #expect(ModelFit.recommendation(for: "he", live: false, in: catalogue, fit: fit(roomy))?.name == "ivrit-large-v3-turbo")
        // Two cores cannot run large models live: the largest multilingual one that keeps up.
        #expect(ModelFit.recommendation(for: "he", live: true, in: catalogue, fit: fit(roomy))?.name == "base")
        let manyCores = ModelFit.Computer(freeDiskBytes: 100_000_000_000, memoryBytes: 32_000_000_000, cores: 64)
        #expect(ModelFit.recommendation(for: "he", live: true, in: catalogue, fit: fit(manyCores))?.name == "ivrit-large-v3-turbo")
        // 2 GB of memory: ivrit.ai's 2.4 GB cannot be picked; the largest that fits can.
        let small = ModelFit.Computer(freeDiskBytes: 100_000_000_000, memoryBytes: 2_000_000_000, cores: 2)
        let chosen = try #require(ModelFit.recommendation(for: "he", live: false, in: catalogue, fit: fit(small)))
        #expect(fit(small)(chosen).fits && chosen.name != "ivrit-large-v3-turbo", "\(chosen.name)")
        // A nearly full disk: only what is installed.
        let full = ModelFit.Computer(freeDiskBytes: 1_000_000, memoryBytes: 32_000_000_000, cores: 2)
        #expect(ModelFit.recommendation(for: "he", live: false, in: catalogue, fit: fit(full))?.name == "base")
        #expect(ModelFit.recommendation(for: "sv", live: false, in: catalogue, fit: fit(roomy))?.name == "kb-whisper-small")
    }

    @Test func diskRoomCountsWhatIsAlreadyDownloaded() throws {
        let turbo = try #require(catalogue.model(named: "ivrit-large-v3-turbo"))
        let free = Int64(turbo.size) / 2 + ModelFit.headroom(forFileOf: turbo.size)
        let computer = ModelFit.Computer(freeDiskBytes: free, memoryBytes: 32_000_000_000, cores: 2)
        #expect(!ModelFit(turbo, in: catalogue, on: computer, installed: false).fitsDisk)
        #expect(ModelFit(turbo, in: catalogue, on: computer, installed: false, alreadyDownloaded: Int64(turbo.size) / 2 + 1).fitsDisk)
    }
}

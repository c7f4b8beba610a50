import Foundation
import OzenKit
import OzenTestSupport
import Testing

/// The checksum that guards model files, against FIPS 180-4's published vectors and a real file.
@Suite struct SHA256Tests {
    @Test func publishedVectors() {
        #expect(SHA256.hexDigest(Array("".utf8)) == "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855")
        #expect(SHA256.hexDigest(Array("abc".utf8)) == "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad")
        #expect(SHA256.hexDigest(Array("abcdbcdecdefdefgefghfghighijhijkijkljklmklmnlmnomnopnopq".utf8))
                == "248d6a61d20638b8e5c026930c3e6039a33ce45964ff2167f6ecedd419db06c1")
    }

    @Test func matchesTheManifestOfTheInstalledVAD() throws {
        let model = try InstalledModel.load("silero-vad", in: Fixtures.home)
        #expect(try SHA256.hexDigest(ofFileAt: model.filePath) == model.manifest.sha256)
    }
}

import Foundation
import OzenEngines
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

    /// Bytes fed in pieces of every awkward size (across SHA-256's 64-byte blocks) give the
    /// digest of the whole.
    @Test func piecesGiveTheDigestOfTheWhole() {
        let bytes = (0..<1000).map { UInt8(truncatingIfNeeded: $0 &* 31 &+ 7) }
        let whole = SHA256.hexDigest(bytes)
        for piece in [1, 3, 63, 64, 65, 127, 128, 500] {
            var h = SHA256()
            var offset = 0
            while offset < bytes.count {
                h.update(bytes[offset..<min(bytes.count, offset + piece)])
                offset += piece
            }
            #expect(h.finalize().map { String(format: "%02x", $0) }.joined() == whole, "pieces of \(piece)")
        }
        // 1,000,000 × "a": FIPS 180-4's long vector.
        var million = SHA256()
        let thousand = [UInt8](repeating: 0x61, count: 1000)
        for _ in 0..<1000 { million.update(thousand) }
        #expect(million.finalize().map { String(format: "%02x", $0) }.joined() == "cdc76e5c9914fb9281a1c7e284d73e67f1809a48a497200e046d39ccc7112cd0")
    }

    /// A copy goes on from the same bytes by itself (the OpenSSL context is copied on write),
    /// and a value that has given its digest starts over.
    @Test func aCopyGoesOnByItself() {
        var first = SHA256()
        first.update(Array("ab".utf8))
        var second = first
        first.update(Array("c".utf8))
        second.update(Array("d".utf8))
        let hex = { (digest: [UInt8]) in digest.map { String(format: "%02x", $0) }.joined() }
        #expect(hex(first.finalize()) == "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad")
        #expect(hex(second.finalize()) == SHA256.hexDigest(Array("abd".utf8)))
        #expect(hex(first.finalize()) == "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855")
    }
}

import OzenIO
import OzenKit
import Testing

/// libqrencode as `QREncoder` wraps it: a square of a QR version's size with the three finder
/// patterns in their corners, and a clear error for text no QR code can hold.
struct QREncoderTests {
    @Test func aPairingLinkBecomesASquareCodeWithItsFinderPatterns() throws {
        let link = "ozen://pair?address=ws://192.168.1.20:8765&code=" + String(repeating: "0123456789abcdef", count: 4)
        let matrix = try QREncoder.matrix(for: link)
        #expect((matrix.size - 17) % 4 == 0 && matrix.size >= 33, "version size: \(matrix.size)")
        // A finder pattern: a dark 7×7 ring, a light ring, a dark 3×3 centre.
        func finder(at x0: Int, _ y0: Int) -> Bool {
            (0..<7).allSatisfy { i in
                matrix.isDark(x: x0 + i, y: y0) && matrix.isDark(x: x0 + i, y: y0 + 6)
                    && matrix.isDark(x: x0, y: y0 + i) && matrix.isDark(x: x0 + 6, y: y0 + i)
            } && !matrix.isDark(x: x0 + 1, y: y0 + 1) && (2...4).allSatisfy { matrix.isDark(x: x0 + $0, y: y0 + 3) }
        }
        #expect(finder(at: 0, 0) && finder(at: matrix.size - 7, 0) && finder(at: 0, matrix.size - 7))
        #expect(!finder(at: matrix.size - 7, matrix.size - 7))
    }

    @Test func textNoCodeCanHoldIsRefused() {
        #expect(throws: QREncoderError.self) { try QREncoder.matrix(for: String(repeating: "x", count: 4000)) }
    }
}

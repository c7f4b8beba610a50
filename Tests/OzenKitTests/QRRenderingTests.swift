import OzenKit
import Testing

/// A QR matrix drawn for a terminal (half blocks, quiet zone, colours only when asked) and as
/// the page's SVG (one rectangle per run of dark modules).
struct QRRenderingTests {
    // 2×2: dark, light / light, dark.
    static let diagonal = QRMatrix(size: 2, modules: [true, false, false, true])

    @Test func theTerminalCodeIsHalfBlocksInsideAFourModuleQuietZone() {
        let lines = QRTerminalText.lines(Self.diagonal, colours: false)
        let side = 2 + 2 * QRMatrix.quietZone
        #expect(lines.count == side / 2)
        #expect(lines.allSatisfy { $0.count == side })
        #expect(lines[0] == String(repeating: " ", count: side))
        #expect(lines[2] == "    ▀▄    ")
        #expect(lines.joined().allSatisfy { " ▀▄█".contains($0) })
    }

    @Test func onATerminalEveryLineSetsBlackOnWhiteAndResets() {
        let lines = QRTerminalText.lines(Self.diagonal, colours: true)
        #expect(lines.allSatisfy { $0.hasPrefix("\u{1B}[38;5;16;48;5;231m") && $0.hasSuffix("\u{1B}[0m") })
        #expect(lines[2].contains("    ▀▄    "))
    }

    @Test func anOddSizedCodeEndsOnAHalfLine() {
        let full = QRMatrix(size: 3, modules: Array(repeating: true, count: 9))
        let lines = QRTerminalText.lines(full, colours: false)
        #expect(lines.count == 6)  // 11 rows: 5 full lines and a half one
        #expect(lines[2] == "    ███    ")
        #expect(lines[3] == "    ▀▀▀    ")
        #expect(lines[5] == String(repeating: " ", count: 11))
    }

    @Test func theSVGHasAWhiteSquareAndOneRectanglePerRun() {
        let row = QRMatrix(size: 3, modules: [true, true, false, false, false, false, false, false, true])
        let svg = QRSVG.document(row)
        #expect(svg.contains(#"viewBox="0 0 11 11""#))
        #expect(svg.contains(##"<rect width="11" height="11" fill="#fff"/>"##))
        #expect(svg.contains(#"<rect x="4" y="4" width="2" height="1"/><rect x="6" y="6" width="1" height="1"/></g>"#))
    }
}

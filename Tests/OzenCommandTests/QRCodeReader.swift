import Foundation

/// Reads a QR code back the way a camera would, with Debian's zbarimg: the code's modules
/// (from the terminal's half blocks, or the page's SVG) become a greyscale PGM image, four
/// pixels a module, and zbarimg says what it holds; a browser's screenshot it reads as it is.
enum QRCodeReader {
    /// Rows of modules, true for dark.
    typealias Grid = [[Bool]]

    /// The terminal's lines: `█`, `▀`, `▄` dark above and/or below, a space light; each line two rows.
    static func grid(terminalLines lines: [String]) -> Grid {
        var rows: Grid = []
        for line in lines {
            let characters = Array(line)
            rows.append(characters.map { $0 == "█" || $0 == "▀" })
            rows.append(characters.map { $0 == "█" || $0 == "▄" })
        }
        return rows
    }

    /// The page's SVG: its viewBox's side, and one dark run per `<rect x y width height="1"/>`.
    static func grid(svg: String) throws -> Grid {
        guard let box = svg.firstMatch(of: /viewBox="0 0 (\d+) (\d+)"/), let side = Int(box.1), Int(box.2) == side, side < 1000 else {
            throw QRCodeReaderError.notACode("no square viewBox in the SVG: \(svg.prefix(200))")
        }
        var rows = Grid(repeating: Array(repeating: false, count: side), count: side)
        for rect in svg.matches(of: /<rect x="(\d+)" y="(\d+)" width="(\d+)" height="1"\/>/) {
            guard let x = Int(rect.1), let y = Int(rect.2), let width = Int(rect.3), y < side, x + width <= side else {
                throw QRCodeReaderError.notACode("a rectangle outside the code: \(rect.0)")
            }
            for column in x..<(x + width) { rows[y][column] = true }
        }
        return rows
    }

    /// What zbarimg reads in the grid, or why it read nothing.
    static func decode(_ grid: Grid) throws -> String {
        guard let width = grid.first?.count, width > 0, grid.allSatisfy({ $0.count == width }) else {
            throw QRCodeReaderError.notACode("the rows are not one width")
        }
        let scale = 4
        var image = Data("P5\n\(width * scale) \(grid.count * scale)\n255\n".utf8)
        for row in grid {
            let pixels = row.flatMap { dark in Array(repeating: UInt8(dark ? 0 : 255), count: scale) }
            for _ in 0..<scale { image.append(contentsOf: pixels) }
        }
        return try decode(image: image, type: "pgm")
    }

    /// What zbarimg reads in an image file's bytes (a PGM, the browser's PNG screenshot).
    static func decode(image: Data, type: String) throws -> String {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("ozen-qr-\(UUID()).\(type)")
        try image.write(to: path)
        defer { try? FileManager.default.removeItem(at: path) }
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/zbarimg")
        process.arguments = ["--raw", "-q", path.path]
        let output = Pipe()
        process.standardOutput = output
        process.standardError = FileHandle.nullDevice
        try process.run()
        let said = output.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        guard process.terminationStatus == 0 else { throw QRCodeReaderError.unread(process.terminationStatus) }
        return String(decoding: said, as: UTF8.self).trimmingCharacters(in: .newlines)
    }
}

enum QRCodeReaderError: Error, CustomStringConvertible {
    case notACode(String)
    case unread(Int32)

    var description: String {
        switch self {
        case .notACode(let why): return "not a QR code: \(why)"
        case .unread(let status): return "zbarimg found no code (exit \(status))"
        }
    }
}

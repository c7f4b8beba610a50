/// A QR code drawn in a terminal with Unicode half blocks: each character is one module wide
/// and two tall, so the code stays square in a terminal's cells.
///
/// On a terminal the colours are set for every character (black ink on a white ground), so the
/// code reads the same on a dark or a light theme. As plain text (a log, a pipe) `█`, `▀` and
/// `▄` are the dark modules and spaces the light ones, as ink on paper.
public enum QRTerminalText {
    static let ink = "\u{1B}[38;5;16;48;5;231m"   // black on white, in the 256-colour palette
    static let reset = "\u{1B}[0m"

    /// The code's lines, quiet zone included; `colours` for a terminal.
    public static func lines(_ matrix: QRMatrix, colours: Bool) -> [String] {
        let margin = QRMatrix.quietZone
        let range = -margin..<(matrix.size + margin)
        var lines: [String] = []
        for top in stride(from: range.lowerBound, to: range.upperBound, by: 2) {
            var line = colours ? ink : ""
            for x in range {
                switch (matrix.isDark(x: x, y: top), matrix.isDark(x: x, y: top + 1)) {
                case (true, true): line += "█"
                case (true, false): line += "▀"
                case (false, true): line += "▄"
                case (false, false): line += " "
                }
            }
            if colours { line += reset }
            lines.append(line)
        }
        return lines
    }
}

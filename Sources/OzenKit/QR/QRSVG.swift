/// A QR code as an SVG image for the display page: a white square with the quiet zone, and
/// one black rectangle per run of dark modules in a row, in module units (`viewBox`), so it
/// scales to any size without blurring.
public enum QRSVG {
    public static func document(_ matrix: QRMatrix) -> String {
        let margin = QRMatrix.quietZone
        let side = matrix.size + 2 * margin
        var rects = ""
        for y in 0..<matrix.size {
            var x = 0
            while x < matrix.size {
                guard matrix.isDark(x: x, y: y) else { x += 1; continue }
                var run = 1
                while matrix.isDark(x: x + run, y: y) { run += 1 }
                rects += "<rect x=\"\(x + margin)\" y=\"\(y + margin)\" width=\"\(run)\" height=\"1\"/>"
                x += run
            }
        }
        return """
        <svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 \(side) \(side)" shape-rendering="crispEdges">\
        <rect width="\(side)" height="\(side)" fill="#fff"/><g fill="#000">\(rects)</g></svg>

        """
    }
}

/// One word or one digit chunk of a line, in order, with the text between it and the piece
/// before: the unit `NumberReader` walks. Two pieces belong to one number only when nothing
/// but spaces or a hyphen stands between them — a comma or a full stop ends a number.
struct NumberPiece {
    var from: Int
    var to: Int
    var range: TextRange
    var word: TextWord?
    var chunk: DigitChunk?
    /// The characters between the previous piece and this one.
    var gap: String

    var folded: String? { word?.folded }
    var isHebrew: Bool { word.map { HebrewSpelling.isHebrew($0.folded) } ?? false }

    /// Only spaces or a hyphen (or a maqaf) before it, at most three characters.
    var isJoined: Bool {
        gap.count <= 3 && gap.allSatisfy { $0 == " " || $0 == "-" || $0 == "\u{05BE}" || $0 == "\u{2013}" || $0 == "\u{00A0}" }
    }

    static func pieces(line: LineCharacters, words: [TextWord], chunks: [DigitChunk]) -> [NumberPiece] {
        var pieces: [NumberPiece] = []
        for w in words {
            let from = line.index(ofOffset: w.range.start), to = line.index(ofOffset: w.range.end)
            pieces.append(NumberPiece(from: from, to: to, range: w.range, word: w, chunk: nil, gap: ""))
        }
        for c in chunks {
            pieces.removeAll { $0.from < c.to && c.from < $0.to }
            pieces.append(NumberPiece(from: c.from, to: c.to, range: line.range(c.from, c.to), word: nil, chunk: c, gap: ""))
        }
        pieces.sort { $0.from < $1.from }
        var previousEnd = 0
        for i in pieces.indices {
            let from = min(previousEnd, pieces[i].from)
            pieces[i].gap = String(line.characters[from..<pieces[i].from])
            previousEnd = pieces[i].to
        }
        return pieces
    }
}

/// A caption line as an array of characters with the UTF-16 offset of each, what the word
/// splitter and the number finder walk; every range they report is built from these offsets.
struct LineCharacters {
    let characters: [Character]
    /// offsets[i] is where characters[i] starts; offsets[count] is the line's UTF-16 length.
    let offsets: [Int]

    init(_ text: String) {
        characters = Array(text)
        var offsets: [Int] = []
        offsets.reserveCapacity(characters.count + 1)
        var offset = 0
        for c in characters {
            offsets.append(offset)
            offset += c.utf16.count
        }
        offsets.append(offset)
        self.offsets = offsets
    }

    var count: Int { characters.count }

    subscript(i: Int) -> Character? { i >= 0 && i < characters.count ? characters[i] : nil }

    func isDigit(_ i: Int) -> Bool { self[i]?.isASCIIDigit ?? false }

    /// The character index that starts at UTF-16 `offset` (binary search).
    func index(ofOffset offset: Int) -> Int {
        var low = 0, high = offsets.count - 1
        while low < high {
            let mid = (low + high) / 2
            if offsets[mid] < offset { low = mid + 1 } else { high = mid }
        }
        return low
    }

    func range(_ from: Int, _ to: Int) -> TextRange { TextRange(start: offsets[from], end: offsets[to]) }

    func text(_ range: TextRange) -> String {
        String(characters[index(ofOffset: range.start)..<index(ofOffset: range.end)])
    }

    /// The end of the run of digits starting at `i`.
    func digitRunEnd(_ i: Int) -> Int {
        var j = i
        while isDigit(j) { j += 1 }
        return j
    }

    func digits(_ from: Int, _ to: Int) -> String { String(characters[from..<to]) }
}

/// How far apart two wordings of the same speech are: the fewest words to substitute, insert
/// or delete to turn one into the other, after both are lower-cased and stripped of
/// punctuation. The live pipeline uses it to notice a final pass that strays from what the
/// live passes heard; the tests' word error rate is the same count over a reference.
public enum WordDistance {
    /// Lower case, letters and digits only; anything else separates words. Apostrophes are
    /// dropped inside a word ("don't" and "dont" are one word).
    public static func comparableWords(_ text: String) -> [String] {
        var cleaned = ""
        for scalar in text.lowercased().unicodeScalars {
            if scalar.properties.isAlphabetic || ("0"..."9").contains(scalar) {
                cleaned.unicodeScalars.append(scalar)
            } else if scalar != "'" {
                cleaned.append(" ")
            }
        }
        return cleaned.split(separator: " ").map(String.init)
    }

    /// Levenshtein distance over words.
    public static func edits(from a: [String], to b: [String]) -> Int {
        guard !a.isEmpty else { return b.count }
        var previous = Array(0...b.count)
        for i in 1...a.count {
            var current = [i] + [Int](repeating: 0, count: b.count)
            for j in stride(from: 1, through: b.count, by: 1) {
                let substitution = previous[j - 1] + (a[i - 1] == b[j - 1] ? 0 : 1)
                current[j] = min(substitution, previous[j] + 1, current[j - 1] + 1)
            }
            previous = current
        }
        return previous[b.count]
    }

    /// The distance between two texts' comparable words.
    public static func between(_ a: String, _ b: String) -> Int {
        edits(from: comparableWords(a), to: comparableWords(b))
    }
}

/// Settles the words of an utterance that is still being spoken (LocalAgreement-2): a word
/// settles when two consecutive passes agree on it and on everything before it. Settled words
/// never change; only the final pass may correct the line, once.
///
/// Words are compared normalised (case, punctuation and niqqud ignored) because Whisper moves
/// commas and glues punctuation to words between passes: "man," and "man." are the same word.
public struct WordStabilizer: Sendable {
    public private(set) var settled: [String] = []
    public private(set) var tentative: [String] = []
    private var previous: [String] = []

    public init() {}

    /// Takes a pass's text; returns the words to show (settled first, then tentative).
    @discardableResult
    public mutating func update(with text: String) -> [String] {
        let words = text.split(whereSeparator: { $0.isWhitespace }).map(String.init)
        // What agrees with the previous pass beyond the settled words now settles.
        var agreed = settled.count
        while agreed < words.count, agreed < previous.count,
              Self.normalised(words[agreed]) == Self.normalised(previous[agreed]),
              Self.prefixAgrees(words, settled), Self.prefixAgrees(previous, settled) {
            agreed += 1
        }
        if agreed > settled.count { settled += words[settled.count..<agreed] }
        // The tentative tail comes from this pass, after the words already settled.
        tentative = Self.prefixAgrees(words, settled) ? Array(words.dropFirst(settled.count))
            : Self.continuation(of: settled, in: words)
        previous = words
        return settled + tentative
    }

    public var shown: [String] { settled + tentative }

    /// Whether `words` begins with `prefix` (normalised).
    static func prefixAgrees(_ words: [String], _ prefix: [String]) -> Bool {
        guard words.count >= prefix.count else { return false }
        return zip(words, prefix).allSatisfy { normalised($0) == normalised($1) }
    }

    /// When a pass disagrees with settled words, its words after the last settled word it
    /// repeats are the tentative tail; if it repeats none, nothing tentative is shown.
    static func continuation(of settled: [String], in words: [String]) -> [String] {
        guard let last = settled.last.map(normalised) else { return words }
        if let index = words.lastIndex(where: { normalised($0) == last }) { return Array(words[(index + 1)...]) }
        return []
    }

    /// Lower case, letters and digits only; Hebrew niqqud and direction marks dropped.
    public static func normalised(_ word: String) -> String {
        var out = ""
        for scalar in word.lowercased().unicodeScalars {
            if (0x0591...0x05C7).contains(scalar.value) { continue }
            if scalar.properties.isAlphabetic || scalar.properties.numericType != nil { out.unicodeScalars.append(scalar) }
        }
        return out
    }
}

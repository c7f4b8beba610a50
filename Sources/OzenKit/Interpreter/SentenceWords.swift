/// Whether two versions of a sentence say the same words: case, punctuation and spacing aside.
enum SentenceWords {
    static func words(_ text: String) -> [String] {
        text.lowercased().split(whereSeparator: { !$0.isLetter && !$0.isNumber && $0 != "'" && $0 != "’" }).map(String.init)
    }
    static func same(_ a: String, _ b: String) -> Bool { words(a) == words(b) }
}

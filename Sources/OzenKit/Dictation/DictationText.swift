/// A take's text put together from the lines the live pipeline locked while she spoke, one
/// utterance after another: joined with one space, and two or three words repeated across a seam
/// (the end of one line heard again at the start of the next) kept once. A single word is left
/// alone: "…tomorrow. Tomorrow I…" is said that way. Each line passed the loop rule when it was
/// decoded; the take passes it again (`LoopGuard`), for a loop that runs across a seam.
public enum DictationText {
    public static func stitched(_ lines: [String]) -> String {
        var words: [String] = []
        for line in lines {
            var next = line.split(whereSeparator: \.isWhitespace).map(String.init)
            // Up to three words heard on both sides of a seam are written once.
            for overlap in stride(from: min(3, words.count, next.count), through: 2, by: -1) {
                let tail = words.suffix(overlap).map(LocalPolish.key), head = next.prefix(overlap).map(LocalPolish.key)
                if overlap >= 2, tail == head, tail.allSatisfy({ !$0.isEmpty }) {
                    next.removeFirst(overlap)
                    break
                }
            }
            words += next
        }
        return LoopGuard.cleaned(words.joined(separator: " "))
    }
}

/// What of a correction replaces a line: the words between the first and the last run of two
/// words that the line and the correction share, with the line's own words outside them kept.
///
/// A line's stretch of audio (±0.3 s, as the bench's "each line alone" decode takes it) holds
/// the edges of the lines beside it whenever a line was cut inside an utterance (a sentence
/// locked while the speaker went on, a line split where the voice changed), and Whisper reads
/// them as words: decoded alone, the held-out table's lines began with the last words of the
/// line before ("by dialing digits. If you are using…", "to leave voicemail. To check…") and
/// ended with ones nobody said ("Congratulations. You're welcome.", "…from I'm a regular.").
/// Taken whole, those corrections put 18.5 % of the held-out table's words wrong where the
/// first locks had 13.2 % (`ozen bench accuracy --held-out --file-only --lines`, 2026-12-06).
/// Inside the shared runs the correction stands: that is where the full window hears better
/// ("ill-sposed" → "ill-disposed").
///
/// The line is placed inside what was heard with the heard text's own edges free: words heard
/// before the line's first word or after its last cost nothing, so when the stretch's tail
/// repeats the line's last words (the next line's beginning, "…nothing going on going on"),
/// the line takes the first of them and the repeat stays outside. A plain least-edits
/// alignment took the last and spliced the repeat into the line (the held-out table's first
/// line, 2026-12-07).
enum CorrectionSplice {
    /// The line's words with the stretch between the shared runs taken from `heard`; nil when
    /// they share no run of two words (too short, or too different, to place the correction).
    static func spliced(line: String, heard: String) -> String? {
        let a = line.split(whereSeparator: { $0.isWhitespace }).map(String.init)
        let b = heard.split(whereSeparator: { $0.isWhitespace }).map(String.init)
        let ka = a.map(key), kb = b.map(key)
        let pairs = matches(ka, kb)
        // A match counts as an anchor when the word before or after it matches too.
        let matched = Set(pairs.map { Pair(i: $0.i, j: $0.j) })
        let anchors = pairs.filter { matched.contains(Pair(i: $0.i + 1, j: $0.j + 1)) || matched.contains(Pair(i: $0.i - 1, j: $0.j - 1)) }
        guard let first = anchors.first, let last = anchors.last else { return nil }
        return (a[..<first.i] + b[first.j...last.j] + a[(last.i + 1)...]).joined(separator: " ")
    }

    private struct Pair: Hashable { var i: Int; var j: Int }

    /// The word as compared: lower case, letters and digits only ("" never matches).
    private static func key(_ word: String) -> String { WordDistance.comparableWords(word).joined() }

    /// The matched word pairs of the least-edits alignment of all of `a` inside `b`, `b`'s words
    /// before and after it free, in order; of equally good places, the earliest end in `b`.
    private static func matches(_ a: [String], _ b: [String]) -> [(i: Int, j: Int)] {
        let n = a.count, m = b.count
        guard n > 0, m > 0 else { return [] }
        var cost = [[Int]](repeating: [Int](repeating: 0, count: m + 1), count: n + 1)
        for i in 0...n { cost[i][0] = i }
        // cost[0][j] = 0: the heard words before the line's first are free.
        for i in 1...n {
            for j in 1...m {
                let same = !a[i - 1].isEmpty && a[i - 1] == b[j - 1]
                cost[i][j] = min(cost[i - 1][j - 1] + (same ? 0 : 1), cost[i - 1][j] + 1, cost[i][j - 1] + 1)
            }
        }
        var pairs: [(i: Int, j: Int)] = []
        // The heard words after the line's last are free too: the alignment ends where it costs least.
        var i = n, j = (0...m).min(by: { cost[n][$0] < cost[n][$1] }) ?? m
        while i > 0 && j > 0 {
            let same = !a[i - 1].isEmpty && a[i - 1] == b[j - 1]
            if same && cost[i][j] == cost[i - 1][j - 1] {
                pairs.append((i - 1, j - 1)); i -= 1; j -= 1
            } else if cost[i][j] == cost[i - 1][j - 1] + 1 {
                i -= 1; j -= 1
            } else if cost[i][j] == cost[i - 1][j] + 1 {
                i -= 1
            } else {
                j -= 1
            }
        }
        return pairs.reversed()
    }
}

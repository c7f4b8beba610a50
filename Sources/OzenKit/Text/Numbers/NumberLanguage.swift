/// The words one language uses around numbers: number words, units, months, and the words
/// that make a number a time, a duration or a frequency. Hebrew, English and Swedish each
/// give one (`HebrewNumberWords`, `EnglishNumberWords`, `SwedishNumberWords`); every word is
/// stored in `HebrewSpelling.fold` form.
struct NumberLanguage: Sendable {
    var numbers: [String: NumberWord]
    /// Words meaning 1 that are also everyday words ("one", "en", "אחד"): a number only with
    /// a unit, a clock word or a month.
    var weakOnes: Set<String>
    /// Word after a number → the kind it makes ("כדורים" → count, "מ"ג" → amount).
    var units: [String: NumberKind]
    /// Whole-number words that are a duration or a frequency by themselves (שבועיים = 2).
    var duals: [String: (NumberKind, Double)]
    /// Word sequences after a frequency that say its period ("ביום", "a day", "om dagen").
    var periods: [[String]]
    /// Words before a number that make it a clock time ("בשעה", "at", "klockan").
    var clockCues: Set<String>
    /// Word sequences after a time, and whether they put it after noon ("בערב", "pm").
    var timesOfDay: [([String], afternoon: Bool)]
    /// Words before a duration that belong to it ("בעוד", "in", "om").
    var durationLeads: Set<String>
    /// Words before a number and a duration unit that make a frequency ("כל", "every").
    var frequencyLeads: Set<String>
    /// Month names → month number.
    var months: [String: Int]

    static func folded(_ words: [String]) -> Set<String> { Set(words.map { HebrewSpelling.fold($0) }) }
    static func folded<V>(_ table: [String: V]) -> [String: V] {
        Dictionary(table.map { (HebrewSpelling.fold($0.key), $0.value) }, uniquingKeysWith: { a, _ in a })
    }
    static func folded(_ sequences: [[String]]) -> [[String]] { sequences.map { $0.map { HebrewSpelling.fold($0) } } }
    static func folded(_ sequences: [([String], Bool)]) -> [([String], afternoon: Bool)] {
        sequences.map { ($0.0.map { HebrewSpelling.fold($0) }, $0.1) }
    }
}

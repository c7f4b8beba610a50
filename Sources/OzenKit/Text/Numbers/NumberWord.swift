/// What one spoken number word contributes to a number, and the grammar that adds words up
/// from the largest to the smallest ("מאה ועשרים ושלוש", "one hundred and five",
/// "tvåhundratjugo"). A smaller word never comes before a larger one except where a
/// multiplier follows ("שלוש מאות", "three thousand"), so "שלוש ועשרים" is not 23 — it is
/// the clock time 3:20, which the finder reads instead.
enum NumberWord: Sendable, Equatable {
    /// 0–9 (every gender and construct form: שלוש, שלושה, שלושת).
    case digit(Int)
    /// 10–19 said as one word (ten, elva, tretton; עשר, עשרה).
    case teen(Int)
    /// 20, 30 … 90.
    case tens(Int)
    /// A word that is a whole number of hundreds (מאה, מאתיים).
    case hundreds(Int)
    /// × 100 after a digit (מאות, hundred, hundra).
    case timesHundred
    /// A word that is a whole number of thousands (אלף, אלפיים).
    case thousands(Int)
    /// × 1000 (אלפים, thousand, tusen).
    case timesThousand
    /// ½ or ¼ said alone (חצי, רבע, half, quarter, halv, kvart).
    case fraction(Double)
}

/// Adds number words up, refusing an order no one says.
struct NumberSum {
    private(set) var total: Double = 0
    private(set) var current: Double = 0
    private(set) var last: NumberWord?
    private(set) var words = 0

    var value: Double { total + current }

    /// Adds `word`; false (and no change) when it cannot follow what came before.
    mutating func add(_ word: NumberWord) -> Bool {
        switch word {
        case .digit(let d):
            switch last {
            case nil, .tens, .hundreds, .timesHundred, .thousands, .timesThousand: current += Double(d)
            default: return false
            }
        case .teen(let t), .tens(let t):
            switch last {
            case nil, .hundreds, .timesHundred, .thousands, .timesThousand: current += Double(t)
            default: return false
            }
        case .hundreds(let h):
            switch last {
            case nil, .thousands, .timesThousand: current += Double(h)
            default: return false
            }
        case .timesHundred:
            switch last {
            case nil, .digit: current = (current == 0 ? 1 : current) * 100
            default: return false
            }
        case .thousands(let t):
            guard last == nil else { return false }
            total += Double(t)
        case .timesThousand:
            switch last {
            case nil, .digit, .teen, .tens, .hundreds, .timesHundred:
                total += (current == 0 ? 1 : current) * 1000
                current = 0
            default: return false
            }
        case .fraction(let f):
            guard last == nil else { return false }
            current = f
        }
        last = word
        words += 1
        return true
    }

    /// Hebrew "שלוש עשרה": עשר/עשרה right after a digit makes a teen.
    mutating func addTeenSuffix() -> Bool {
        guard case .digit(let d) = last, words == 1, d > 0 else { return false }
        current += 10
        last = .teen(Int(current))
        words += 1
        return true
    }
}

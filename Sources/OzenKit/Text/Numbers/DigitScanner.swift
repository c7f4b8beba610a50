/// Numbers written in digits, read straight off the characters: phone numbers, dates
/// (12/3, 12.3.2025, 2025-03-12), clock times (10:30) and plain numbers (3, 2.5, 1,000).
///
/// Each is its own chunk: a phone number takes only whole digit groups, separated by one
/// dash or space, and stops at exactly the length `PhoneNumberRule` asks for; a group
/// followed by / . or : and a digit belongs to a date, a time or a decimal and never to a
/// phone. So "052-1234567 12/3 10:30" is a phone, a date and a time. What the plain numbers
/// mean (a count, an amount, a time) is for `NumberFinder` to decide from the words around.
struct DigitChunk: Sendable, Equatable {
    enum Reading: Sendable, Equatable {
        case phone(digits: String)
        case date(day: Int)
        case time(hours: Double)
        /// A plain number. `dotted` is set for H.MM with two-digit minutes, a time when a
        /// clock word ("בשעה", "kl.") stands before it.
        case number(Double, dotted: Double?)
    }
    var from: Int
    var to: Int
    var reading: Reading
}

struct DigitScanner {
    let line: LineCharacters
    /// Swedish writes 1,5 for one and a half; Hebrew and English write 1,000 for a thousand.
    let decimalComma: Bool

    func scan() -> [DigitChunk] {
        var chunks: [DigitChunk] = []
        var i = 0
        while i < line.count {
            if let chunk = star(i) ?? international(i) ?? (line.isDigit(i) && !line.isDigit(i - 1) ? digits(i) : nil) {
                chunks.append(chunk)
                i = max(chunk.to, i + 1)
            } else {
                i += 1
            }
        }
        return chunks.filter { $0.to > $0.from }
    }

    /// *NNNN: a star and exactly four digits.
    private func star(_ i: Int) -> DigitChunk? {
        guard line[i] == "*", line.digitRunEnd(i + 1) == i + 5, !(line[i - 1]?.isASCIIDigit ?? false) else { return nil }
        return DigitChunk(from: i, to: i + 5, reading: .phone(digits: "*" + line.digits(i + 1, i + 5)))
    }

    /// +972 and the number without its leading 0.
    private func international(_ i: Int) -> DigitChunk? {
        guard line[i] == "+", line.digits(i + 1, min(i + 4, line.count)) == "972" else { return nil }
        guard let (digits, end) = phoneGroups(from: i + 1, requiredLength: { rest in
            guard rest.count >= 4 else { return nil }
            return PhoneNumberRule.requiredLength("0" + rest.dropFirst(3)).map { $0 + 2 }
        }) else { return nil }
        return DigitChunk(from: i, to: end, reading: .phone(digits: "+" + digits))
    }

    private func digits(_ i: Int) -> DigitChunk? {
        let runEnd = line.digitRunEnd(i)
        let next = line[runEnd]
        let joinsNumber = (next == "/" || next == "." || next == ":" || next == ",") && line.isDigit(runEnd + 1)
        if !joinsNumber || next == "," {
            if let (digits, end) = phoneGroups(from: i, requiredLength: PhoneNumberRule.requiredLength) {
                return DigitChunk(from: i, to: end, reading: .phone(digits: digits))
            }
        }
        if let chunk = date(i) ?? time(i) { return chunk }
        // A run that starts like a phone number but has the wrong length is no number at all.
        if !joinsNumber, runEnd - i >= 3, PhoneNumberRule.requiredLength(line.digits(i, runEnd)) != nil {
            let (_, end) = phoneCandidate(from: i)
            return DigitChunk(from: i, to: end, reading: .number(0, dotted: nil)).unreadable
        }
        return number(i)
    }

    /// Whole digit groups from `i` (one dash or space between), stopping at the exact
    /// length the prefix asks for.
    private func phoneGroups(from i: Int, requiredLength: (String) -> Int?) -> (String, Int)? {
        var digits = ""
        var j = i
        while true {
            let end = line.digitRunEnd(j)
            guard end > j else { return nil }
            let next = line[end]
            if (next == "/" || next == "." || next == ":" || next == ",") && line.isDigit(end + 1) { return nil }
            digits += line.digits(j, end)
            if let need = requiredLength(digits) {
                if digits.count == need { return line[end]?.isLetter == true ? nil : (digits, end) }
                if digits.count > need { return nil }
            } else if digits.count >= 4 {
                return nil
            }
            // One separator: "-", " ", or " - ".
            var k = end
            if line[k] == " " { k += 1 }
            if line[k] == "-" { k += 1 }
            if line[k] == " " && line[k - 1] == "-" { k += 1 }
            guard k > end, k - end <= 3, line.isDigit(k) else { return nil }
            j = k
        }
    }

    /// The extent of a run that looked like a phone but failed: its dash-joined groups.
    private func phoneCandidate(from i: Int) -> (String, Int) {
        var end = line.digitRunEnd(i)
        while line[end] == "-", line.isDigit(end + 1) { end = line.digitRunEnd(end + 1) }
        return (line.digits(i, end), end)
    }

    /// D/M, D/M/YY(YY), D.M.YY(YY), YYYY-MM-DD.
    private func date(_ i: Int) -> DigitChunk? {
        let a = line.digitRunEnd(i)
        guard let sep = line[a], "/.-".contains(sep), line.isDigit(a + 1) else { return nil }
        let b = line.digitRunEnd(a + 1)
        let first = Int(line.digits(i, a)) ?? 0, second = Int(line.digits(a + 1, b)) ?? 0
        if sep == "-" {
            // ISO only: 2025-03-12.
            guard a - i == 4, b - (a + 1) == 2, line[b] == "-", line.isDigit(b + 1) else { return nil }
            let c = line.digitRunEnd(b + 1)
            guard c - (b + 1) == 2, (1...12).contains(second), let day = Int(line.digits(b + 1, c)), (1...31).contains(day)
            else { return nil }
            return DigitChunk(from: i, to: c, reading: .date(day: day))
        }
        guard a - i <= 2, b - (a + 1) <= 2 else { return nil }
        let dayFirst = (1...31).contains(first) && (1...12).contains(second)
        let monthFirst = (1...12).contains(first) && (1...31).contains(second)
        guard dayFirst || monthFirst else { return nil }
        var end = b
        if line[b] == sep, line.isDigit(b + 1) {
            let c = line.digitRunEnd(b + 1)
            guard c - (b + 1) == 2 || c - (b + 1) == 4 else { return nil }
            end = c
        } else if sep == "." {
            return nil   // 12.3 alone is a decimal
        }
        if line.isDigit(end) || (line[end] == sep && line.isDigit(end + 1)) { return nil }
        return DigitChunk(from: i, to: end, reading: .date(day: dayFirst ? first : second))
    }

    /// H:MM (and H:MM:SS).
    private func time(_ i: Int) -> DigitChunk? {
        let a = line.digitRunEnd(i)
        guard line[a] == ":", a - i <= 2, let hours = Int(line.digits(i, a)), hours <= 24 else { return nil }
        let b = line.digitRunEnd(a + 1)
        guard b - (a + 1) == 2, let minutes = Int(line.digits(a + 1, b)), minutes < 60 else { return nil }
        var end = b
        if line[b] == ":", line.digitRunEnd(b + 1) == b + 3 { end = b + 3 }
        return DigitChunk(from: i, to: end, reading: .time(hours: Double(hours) + Double(minutes) / 60))
    }

    /// 3, 2.5, 1,000, 1,5 (Swedish).
    private func number(_ i: Int) -> DigitChunk {
        var end = line.digitRunEnd(i)
        var text = line.digits(i, end)
        var dotted: Double?
        if !decimalComma {
            while line[end] == ",", line.digitRunEnd(end + 1) == end + 4 {
                text += line.digits(end + 1, end + 4)
                end += 4
            }
        }
        if let sep = line[end], sep == "." || (sep == "," && decimalComma), line.isDigit(end + 1) {
            let fractionEnd = line.digitRunEnd(end + 1)
            let fraction = line.digits(end + 1, fractionEnd)
            if sep == ".", fraction.count == 2, let h = Int(text), h <= 24, let m = Int(fraction), m < 60 {
                dotted = Double(h) + Double(m) / 60
            }
            text += "." + fraction
            end = fractionEnd
        }
        return DigitChunk(from: i, to: end, reading: .number(Double(text) ?? 0, dotted: dotted))
    }
}

extension DigitChunk {
    /// A chunk the finder must skip: digits that are no number anyone meant (a phone number
    /// of the wrong length). Marked by a NaN value.
    var unreadable: DigitChunk { DigitChunk(from: from, to: to, reading: .number(.nan, dotted: nil)) }
    var isUnreadable: Bool {
        if case .number(let v, _) = reading { return v.isNaN }
        return false
    }
}

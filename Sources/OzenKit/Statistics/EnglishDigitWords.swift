/// Whole numbers written in digits, said as English words: "10" is "ten", "1,000" is "one
/// thousand", "55" is "fifty five". `WordErrorRate` counts a word the recognizer wrote in
/// digits as the word said: the references spell numbers out ("ten of clubs"), and Whisper
/// writes "10 of clubs" or "Ten of clubs" depending on what it decoded before, so without this
/// a change of prompt or window moved the error rate by words nobody would read as wrong. The
/// held-back measures of issue 44 spell digits out the same way.
public enum EnglishDigitWords {
    static let ones = ["zero", "one", "two", "three", "four", "five", "six", "seven", "eight", "nine", "ten",
                       "eleven", "twelve", "thirteen", "fourteen", "fifteen", "sixteen", "seventeen", "eighteen", "nineteen"]
    static let tens = ["", "", "twenty", "thirty", "forty", "fifty", "sixty", "seventy", "eighty", "ninety"]

    /// The words of `number` (0 ... 999,999,999).
    public static func words(_ number: Int) -> [String] {
        precondition(number >= 0 && number < 1_000_000_000)
        if number < 20 { return [ones[number]] }
        if number < 100 { return [tens[number / 10]] + (number % 10 == 0 ? [] : [ones[number % 10]]) }
        if number < 1000 { return [ones[number / 100], "hundred"] + (number % 100 == 0 ? [] : words(number % 100)) }
        for (size, name) in [(1_000_000, "million"), (1000, "thousand")] where number >= size {
            return words(number / size) + [name] + (number % size == 0 ? [] : words(number % size))
        }
        return []
    }

    /// The text with every whole number of up to nine digits (commas between thousands
    /// allowed: "1,000") said in words; anything else as it was. Three or more single digits in
    /// a row ("1, 2, 3, 4", "4 2 4 2") are first read as the one number they spell ("1234"):
    /// an extension, a PIN or a phone number is said digit by digit and written either way, and
    /// Whisper wrote "extension 1, 2, 3, 4" where the held-out table's text has "1234"
    /// (2026-12-07); two single digits ("5, 5", "5-5") stay two numbers, as the cards are read.
    public static func spelled(_ text: String) -> String {
        var out = "", digits = ""
        var chars = Array(joiningDigitRuns(text))[...]
        func flush() {
            guard !digits.isEmpty else { return }
            if digits.count <= 9, let n = Int(digits) { out += " " + words(n).joined(separator: " ") + " " } else { out += digits }
            digits = ""
        }
        while let c = chars.first {
            chars = chars.dropFirst()
            if c.isASCII && c.isNumber {
                digits.append(c)
            } else if c == ",", !digits.isEmpty, chars.prefix(3).count == 3, chars.prefix(3).allSatisfy({ $0.isASCII && $0.isNumber }),
                      !(chars.dropFirst(3).first.map { $0.isASCII && $0.isNumber } ?? false) {
                continue  // a thousands comma: "1,000"
            } else {
                flush()
                out.append(c)
            }
        }
        flush()
        return out
    }

    /// Runs of three or more single digits, each after a space or a comma and a space, joined.
    static func joiningDigitRuns(_ text: String) -> String {
        let c = Array(text)
        func digit(_ i: Int) -> Bool { i >= 0 && i < c.count && c[i].isASCII && c[i].isNumber }
        var out = "", i = 0
        while i < c.count {
            // A single digit that does not go on a number, a decimal or a thousands group before it.
            let before: Character? = i > 0 ? c[i - 1] : nil
            guard digit(i), !digit(i + 1), !digit(i - 1), !((before == "," || before == ".") && digit(i - 2)) else {
                out.append(c[i]); i += 1; continue
            }
            var run = [c[i]], end = i + 1
            while true {
                var next = end
                if next < c.count && c[next] == "," { next += 1 }
                guard next < c.count, c[next] == " ", digit(next + 1), !digit(next + 2) else { break }
                run.append(c[next + 1]); end = next + 2
            }
            out += run.count >= 3 ? String(run) : String(c[i..<end])
            i = end
        }
        return out
    }
}

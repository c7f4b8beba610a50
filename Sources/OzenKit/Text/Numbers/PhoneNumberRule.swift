/// How long an Israeli phone number is, read from its first digits: the rule that decides
/// whether a run of digits is a phone number at all.
///
/// From the Israeli numbering plan: mobile 05X and VoIP/cable 07X numbers have 10 digits
/// (052-1234567, 077-1234567), geographic landlines 02, 03, 04, 08, 09 have 9
/// (03-1234567), business numbers 1-700 / 1-800 have 10 (1-800-123-456), and star numbers
/// are * and 4 digits (*2700). From abroad, +972 replaces the leading 0. A run of the wrong
/// length for its prefix is not a phone number: 052-123456 is one digit short, and saying
/// it is a phone would put a wrong number under her finger.
public enum PhoneNumberRule {
    /// Digits a number starting with `digits` must have; nil when the start is no phone
    /// prefix, or not yet long enough to tell.
    public static func requiredLength(_ digits: String) -> Int? {
        let d = Array(digits)
        if d.count >= 2, d[0] == "0" {
            switch d[1] {
            case "5", "7": return 10
            case "2", "3", "4", "8", "9": return 9
            default: return nil
            }
        }
        if d.count >= 4, digits.hasPrefix("1700") || digits.hasPrefix("1800") { return 10 }
        return nil
    }

    /// True when `digits` (only digits, no separators) is a whole Israeli phone number.
    public static func isPhone(_ digits: String) -> Bool {
        guard digits.allSatisfy(\.isASCIIDigit) else { return false }
        return requiredLength(digits) == digits.count
    }
}

extension Character {
    var isASCIIDigit: Bool { isASCII && isNumber }
}

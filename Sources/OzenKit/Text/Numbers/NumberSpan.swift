/// A number found in a caption line: where it is, what kind it is, and its value.
///
/// `range` is in UTF-16 code units of the line's text (JavaScript's `slice`). A span covers
/// whole words, so a Hebrew prefix attached to a number word is inside it ("בשבע וחצי"),
/// while "ב-" written before digits is not ("ב-10:30" → "10:30"). Words that decide the kind
/// are inside too: the unit ("שלושה כדורים"), the period ("פעמיים ביום") and the lead of a
/// duration ("בעוד שבועיים").
///
/// `value` is the number said, never converted: a time is hours of the clock as a decimal
/// (7.5 for "שבע וחצי", 19.5 with "בערב"), a duration or frequency is the count of its unit
/// (2 for "שבועיים" and for "פעמיים ביום"), a date is its day of the month, a phone has
/// no value and carries its `digits` instead.
public struct NumberSpan: Sendable, Hashable {
    public var range: TextRange
    public var kind: NumberKind
    public var value: Double?
    /// The digits to dial, for phone numbers ("0521234567", "*2700").
    public var digits: String?

    public init(range: TextRange, kind: NumberKind, value: Double? = nil, digits: String? = nil) {
        self.range = range
        self.kind = kind
        self.value = value
        self.digits = digits
    }

    /// `{"start":…,"end":…,"kind":…}`, then `value` or `digits` when known.
    public var json: JSONValue {
        var fields: [(String, JSONValue)] = [
            ("start", .int(range.start)), ("end", .int(range.end)), ("kind", .string(kind.rawValue)),
        ]
        if let value {
            if value == value.rounded(), abs(value) < 1e15 { fields.append(("value", .int(Int(value)))) }
            else {
                let decimals = value * 10 == (value * 10).rounded() ? 1 : value * 100 == (value * 100).rounded() ? 2 : 3
                fields.append(("value", .number(value, decimals: decimals)))
            }
        }
        if let digits { fields.append(("digits", .string(digits))) }
        return .object(fields)
    }
}

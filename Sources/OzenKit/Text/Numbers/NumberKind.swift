/// What a number in a caption is, so the display can mark it (a clock, a pill, a phone):
/// the seven kinds of numbers that matter in a clinic visit or a family call.
public enum NumberKind: String, Sendable, CaseIterable {
    /// A clock time: "10:30", "בשבע וחצי", "half past seven", "halv tre".
    case time
    /// A measured quantity or money: "500 מ"ג", "30 שקל", "38 מעלות", "20%".
    case amount
    /// A calendar date: "12/3", "12.3.2025", "בשלושה במרץ", "March 12".
    case date
    /// A phone number: Israeli mobile, landline, 1-700/1-800 and *NNNN.
    case phone
    /// A plain count: "שלושה כדורים", "two pills", "23".
    case count
    /// How often: "פעמיים ביום", "פעם ביום", "three times a day", "två gånger om dagen".
    case frequency
    /// How long or how soon: "שבועיים", "בעוד שבועיים", "for three days", "om två veckor".
    case duration
}

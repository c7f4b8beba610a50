/// Hebrew number words in every gender and construct form (אחת/אחד, שתיים/שניים/שתי/שני,
/// שלוש/שלושה/שלושת … עשר/עשרה/עשרים … מאה/מאתיים, אלף/אלפיים), the dual words that are a
/// number by themselves (פעמיים, יומיים, שבועיים, חודשיים, שנתיים, שעתיים), and the words of
/// a clinic visit around them: pills and drops, מ"ג and שקלים, "ביום", "בשעה", "בעוד".
///
/// Left out on purpose: "שנים" (it is "years" far more often than "two") and ordinals
/// (שלישי is Tuesday in "ביום שלישי"). "שני"/"שתי" count only before a noun and never after
/// "יום" (יום שני is Monday) — see `NumberFinder`.
enum HebrewNumberWords {
    static let language = NumberLanguage(
        numbers: NumberLanguage.folded([
            "אפס": .digit(0),
            "אחת": .digit(1), "אחד": .digit(1),
            "שתיים": .digit(2), "שתים": .digit(2), "שניים": .digit(2), "שתי": .digit(2), "שני": .digit(2),
            "שלוש": .digit(3), "שלושה": .digit(3), "שלושת": .digit(3), "שלש": .digit(3), "שלשה": .digit(3),
            "ארבע": .digit(4), "ארבעה": .digit(4), "ארבעת": .digit(4),
            "חמש": .digit(5), "חמישה": .digit(5), "חמשה": .digit(5), "חמשת": .digit(5),
            "שש": .digit(6), "שישה": .digit(6), "ששה": .digit(6), "ששת": .digit(6),
            "שבע": .digit(7), "שבעה": .digit(7), "שבעת": .digit(7),
            "שמונה": .digit(8), "שמונת": .digit(8),
            "תשע": .digit(9), "תשעה": .digit(9), "תשעת": .digit(9),
            "עשר": .teen(10), "עשרה": .teen(10), "עשרת": .teen(10),
            "עשרים": .tens(20), "שלושים": .tens(30), "ארבעים": .tens(40), "חמישים": .tens(50),
            "שישים": .tens(60), "ששים": .tens(60), "שבעים": .tens(70), "שמונים": .tens(80), "תשעים": .tens(90),
            "מאה": .hundreds(100), "מאתיים": .hundreds(200), "מאות": .timesHundred,
            "אלף": .thousands(1000), "אלפיים": .thousands(2000), "אלפים": .timesThousand,
            "חצי": .fraction(0.5), "רבע": .fraction(0.25),
        ]),
        weakOnes: NumberLanguage.folded(["אחת", "אחד", "חצי", "רבע"]),
        units: NumberLanguage.folded([
            // things counted at the pharmacy
            "כדור": .count, "כדורים": .count, "טבליה": .count, "טבלייה": .count, "טבליות": .count,
            "כמוסה": .count, "כמוסות": .count, "טיפה": .count, "טיפות": .count, "זריקה": .count,
            "זריקות": .count, "כפית": .count, "כפיות": .count, "כף": .count, "כפות": .count, "מנה": .count,
            "מנות": .count, "שקית": .count, "שקיות": .count, "קופסה": .count, "קופסאות": .count,
            "בקבוק": .count, "בקבוקים": .count, "יחידה": .count, "יחידות": .count, "משאף": .count,
            "שאיפות": .count, "פלסטרים": .count, "נרות": .count,
            // measures and money
            "מ\"ג": .amount, "מג": .amount, "מיליגרם": .amount, "מיקרוגרם": .amount, "מ\"ל": .amount,
            "מל": .amount, "מיליליטר": .amount, "סמ\"ק": .amount, "גרם": .amount, "ק\"ג": .amount,
            "קילו": .amount, "קילוגרם": .amount, "ליטר": .amount, "ליטרים": .amount, "ס\"מ": .amount,
            "סנטימטר": .amount, "מטר": .amount, "מטרים": .amount, "ק\"מ": .amount, "קילומטר": .amount,
            "אחוז": .amount, "אחוזים": .amount, "מעלות": .amount, "מעלה": .amount, "שקל": .amount,
            "שקלים": .amount, "ש\"ח": .amount, "שח": .amount, "אגורות": .amount, "דולר": .amount,
            "דולרים": .amount, "יורו": .amount, "קלוריות": .amount,
            // how long
            "שניות": .duration, "שנייה": .duration, "שניה": .duration, "דקה": .duration, "דקות": .duration,
            "שעה": .duration, "שעות": .duration, "יום": .duration, "ימים": .duration, "שבוע": .duration,
            "שבועות": .duration, "חודש": .duration, "חודשים": .duration, "שנה": .duration, "שנים": .duration,
            // how often
            "פעם": .frequency, "פעמים": .frequency,
        ]),
        duals: NumberLanguage.folded([
            "פעמיים": (.frequency, 2), "יומיים": (.duration, 2), "שבועיים": (.duration, 2),
            "חודשיים": (.duration, 2), "שנתיים": (.duration, 2), "שעתיים": (.duration, 2), "דקותיים": (.duration, 2),
        ]),
        periods: NumberLanguage.folded([["ביום"], ["ליום"], ["ביממה"], ["בשבוע"], ["לשבוע"], ["בחודש"],
                                        ["לחודש"], ["בשנה"], ["לשנה"], ["בשעה"], ["לשעה"]]),
        clockCues: NumberLanguage.folded(["בשעה", "שעה", "לשעה", "מהשעה", "בסביבות", "בסביבת"]),
        timesOfDay: NumberLanguage.folded([
            (["בבוקר"], false), (["לפנות", "בוקר"], false), (["בערב"], true), (["בצהריים"], true),
            (["בצהרים"], true), (["אחה\"צ"], true), (["אחרי", "הצהריים"], true), (["אחר", "הצהריים"], true),
            (["בלילה"], true),
        ]),
        durationLeads: NumberLanguage.folded(["בעוד", "עוד", "תוך", "בתוך", "במשך", "כעבור", "אחרי", "לפני", "למשך"]),
        frequencyLeads: NumberLanguage.folded(["כל"]),
        months: NumberLanguage.folded([
            "ינואר": 1, "פברואר": 2, "מרץ": 3, "מרס": 3, "אפריל": 4, "מאי": 5, "יוני": 6, "יולי": 7,
            "אוגוסט": 8, "ספטמבר": 9, "אוקטובר": 10, "נובמבר": 11, "דצמבר": 12,
        ])
    )

    /// Minutes said before "ל" + an hour ("רבע לשבע", "עשרה לשש", "חמש לשמונה").
    static let minutesBefore: [String: Double] = NumberLanguage.folded([
        "רבע": 15, "חמש": 5, "חמישה": 5, "עשר": 10, "עשרה": 10, "עשרים": 20,
    ])

    /// Words after an hour that add a part of it ("וחצי", "ורבע") or take one away.
    static let fractions: [String: Double] = NumberLanguage.folded(["וחצי": 0.5, "ורבע": 0.25])

    /// "X ימים" / "יום" after a number and a ל: "ה-12 לחודש" is a date.
    static let dayOfMonth: Set<String> = NumberLanguage.folded(["לחודש"])

    /// Words before "שני"/"שתי" that make them a weekday, not a number ("יום שני").
    static let weekdayWords: Set<String> = NumberLanguage.folded(["יום", "ביום", "מיום", "ליום", "היום"])
}

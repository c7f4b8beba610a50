/// Everyday Hebrew words that look like a short name (or a keyword's form) behind an
/// attached prefix: the traps that must not fire an alert. "שלי" (mine) is ש + "לי", but no
/// one saying "הטלפון שלי" is calling Lee.
///
/// The rule that uses it (`KeywordAlert`): a match that needed a prefix or a plural/feminine
/// form does not fire when the word, or the word less some of its prefix letters, is one of
/// these and is longer than or as long as the keyword's part of it. The word spelled exactly
/// as the keyword always fires: "לי" alone fires an alert for "לי", because the text cannot
/// tell the name from "to me" — a family choosing a two-letter name should know that.
///
/// Each entry says which keyword it protects and what the word means. The list was drawn
/// from Israeli given names of two and three letters and the words of a clinic visit and
/// of family talk that contain them; add to it when a family reports a false alert.
public enum EverydayWords {
    /// The word as written → why it is a trap (the name it hides, and its everyday meaning).
    public static let traps: [String: String] = [
        // לי (Lee)
        "שלי": "ש+לי — 'mine'",
        "בלי": "ב+לי — 'without'",
        "כלי": "כ+לי — 'tool, dish'",
        // בן (Ben)
        "לבן": "ל+בן — 'white'",
        "הבן": "ה+בן — 'the son'",
        "כבן": "כ+בן — 'aged' (כבן שבעים)",
        "מבן": "מ+בן — 'from a son'",
        // שרה (Sarah)
        "כשרה": "כ+שרה — 'kosher'",
        "השרה": "ה+שרה — 'the minister'",
        "משרה": "מ+שרה — 'a job'",
        // לאה (Leah)
        "מלאה": "מ+לאה — 'full'",
        "הלאה": "ה+לאה — 'onward'",
        // רות (Ruth)
        "מרות": "מ+רות — 'authority'",
        "כרות": "כ+רות — 'cut off'",
        "שרות": "ש+רות — 'service' (spelled without yod)",
        "הרות": "ה+רות — 'pregnant women'",
        // חן (Chen)
        "לחן": "ל+חן — 'a tune'",
        "בחן": "ב+חן — 'examined'",
        // גיל (Gil) — also 'age', said at every appointment
        "בגיל": "ב+גיל — 'at the age of'",
        "הגיל": "ה+גיל — 'the age'",
        "לגיל": "ל+גיל — 'to the age of'",
        "מגיל": "מ+גיל — 'from the age of'",
        // רז (Raz)
        "ברז": "ב+רז — 'a tap'",
        // טל (Tal)
        "בטל": "ב+טל — 'void, idle'",
        // גל (Gal)
        "מגל": "מ+גל — 'a sickle'",
        "הגל": "ה+גל — 'the wave'",
        // בר (Bar)
        "כבר": "כ+בר — 'already'",
        "הבר": "ה+בר — 'the bar'",
        // אור (Or)
        "האור": "ה+אור — 'the light'",
        "לאור": "ל+אור — 'in light of'",
        "באור": "ב+אור — 'in the light'",
        "מאור": "מ+אור — 'a light' (also the name Maor)",
        // אלה (Ella)
        "האלה": "ה+אלה — 'these'",
        "כאלה": "כ+אלה — 'such'",
        "באלה": "ב+אלה — 'in these'",
        "מאלה": "מ+אלה — 'of these'",
        // שיר (Shir), and שירה's forms
        "כשיר": "כ+שיר — 'fit, able'",
        "השיר": "ה+שיר — 'the song'",
        "לשיר": "ל+שיר — 'to sing'",
        "שיר": "form of שירה — 'a song'",
        "שירים": "form of שירה — 'songs'",
        "שירות": "form of שירה — 'service', as in שירות לקוחות",
        // רם (Ram)
        "ברם": "ב+רם — 'however'",
        "כרם": "כ+רם — 'a vineyard'",
        // דור (Dor)
        "מדור": "מ+דור — 'a section'",
        "הדור": "ה+דור — 'the generation'",
        // אבי (Avi)
        "כאבי": "כ+אבי — 'pains of' (כאבי ראש), said at every doctor's visit",
        "לאבי": "ל+אבי — 'to my father'",
        // אדם (Adam)
        "האדם": "ה+אדם — 'the person'",
        // ים (Yam)
        "מים": "מ+ים — 'water'",
        "הים": "ה+ים — 'the sea'",
        "לים": "ל+ים — 'to the sea'",
        "בים": "ב+ים — 'in the sea'",
        // תום (Tom)
        "בתום": "ב+תום — 'at the end of'",
        // עדן (Eden)
        "מעדן": "מ+עדן — 'a delicacy'",
        // דוד (David) — also 'uncle' and 'water heater'
        "הדוד": "ה+דוד — 'the uncle, the boiler'",
        // חנה (Hannah)
        "מחנה": "מ+חנה — 'a camp'",
        // נוי (Noy)
        "הנוי": "ה+נוי — 'the decoration'",
        // מיכל (Michal) — its forms
        "מיכלים": "form of מיכל — 'containers'",
        "מיכלית": "form of מיכל — 'a tanker'",
        // שני (Shani)
        "השני": "ה+שני — 'the second, the other'",
        "בשני": "ב+שני — 'on Monday'",
        // דנה (Dana)
        "הדנה": "ה+דנה — 'which discusses'",
    ]

    /// True when `folded` (in `HebrewSpelling.fold` form) is a trap word.
    public static func contains(_ folded: String) -> Bool { foldedTraps.contains(folded) }

    private static let foldedTraps: Set<String> = Set(traps.keys.map { HebrewSpelling.fold($0) })
}

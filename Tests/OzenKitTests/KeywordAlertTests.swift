import OzenKit
import Testing

/// Keyword alerts as a family meets them: her name through Hebrew's prefixes, the forms of
/// the words they ask for, and the everyday words that must never ring.
@Suite struct KeywordAlertTests {
    struct Case: CustomTestStringConvertible, Sendable {
        var keyword: String
        var text: String
        var fires: Bool
        var testDescription: String { "\(fires ? "fires" : "quiet"): \(keyword) in «\(text)»" }
    }

    static func fires(_ keyword: String, _ text: String) -> Case { Case(keyword: keyword, text: text, fires: true) }
    static func quiet(_ keyword: String, _ text: String) -> Case { Case(keyword: keyword, text: text, fires: false) }

    /// Names through attached prefixes (ו ה ב כ ל מ ש and their combinations).
    static let hebrewNames: [Case] = [
        fires("רותי", "ולרותי יש תור מחר"), fires("רותי", "רותי, את שומעת?"), fires("רותי", "תגיד לרותי שהרופא מחכה"),
        fires("רותי", "זה התיק של רותי"), fires("רותי", "כשרותי תגיע נתחיל"), fires("רותי", "שרותי תבוא גם היא"),
        fires("רותי", "ברותי אני בטוחה"), fires("רותי", "מרותי קיבלתי מכתב"), fires("רותי", "ומרותי שמעתי"),
        fires("רותי", "הביאו פרחים לרוּתִי"), fires("רותי", "שלום \u{200F}רותי\u{200F}"), fires("רותי", "וכשלרותי יהיה זמן"),
        quiet("רותי", "רותם הגיעה"), quiet("רותי", "רות הגיעה"), quiet("רותי", "המים רותחים"),
        fires("משה", "למשה יש חום"), fires("משה", "ומשה אמר שיבוא"), fires("משה", "קיבלתי ממשה הודעה"),
        quiet("משה", "משהו קרה לטלפון"), fires("דוד", "לדוד יש תור לרופא"), fires("דוד", "דוד הגיע"),
        quiet("דוד", "הדוד שלך התקשר"), quiet("דוד", "דודה שלי באה"), fires("יוסי", "תגידי ליוסי"),
        fires("יוסי", "וליוסי יש תור"), fires("אבא", "לאבא יש תור לרופא"), fires("אמא", "ואמא אמרה שהיא באה"),
        fires("אמא", "מה שאמא רוצה"), fires("סבתא", "תביאי לסבתא מים"), fires("סבתא", "וכשסבתא תגיע נאכל"),
        fires("נועה", "לנועה יש חום"), quiet("נועה", "נועם בא מחר"), fires("שרה", "שרה, הגיע התור שלך"),
        fires("שרה", "לשרה יש חום"), fires("שרה", "ושרה אמרה שתבוא"), fires("לאה", "לאה הגיעה"),
        fires("לאה", "ולאה תבוא אחר כך"), fires("רות", "לרות יש תור"), fires("רות", "רות, בואי"),
        fires("בן", "בן, תביא את המים"), fires("בן", "ובן הגיע"), fires("חן", "וחן אמרה שתבוא"),
        fires("גיל", "גיל הגיע מוקדם"), fires("גיל", "וגיל אמר"), fires("רז", "תגידי לרז"),
        fires("טל", "לטל יש תור"), fires("בר", "לבר יש חום"), fires("אור", "אור הגיע"),
        fires("אלה", "תגידי לאלה שתבוא"), fires("שיר", "ושיר באה"), fires("רם", "לרם יש"),
        fires("אבי", "אבי הגיע"), fires("אבי", "ואבי אמר"), fires("עדן", "לעדן יש תור"),
        fires("חנה", "לחנה יש תור"), fires("תום", "לתום יש חום"), fires("דור", "לדור יש"),
        fires("גל", "לגל יש"), fires("ד\"ר כהן", "יש לך תור לד\"ר כהן"), quiet("ד\"ר כהן", "יש לך תור לד\"ר לוי"),
        fires("לי", "לי, בואי רגע"),
    ]

    /// Short names hidden in everyday words (`EverydayWords`).
    static let hebrewTraps: [Case] = [
        quiet("לי", "הטלפון שלי לא עובד"), quiet("לי", "אני לא יכולה בלי המשקפיים"), quiet("לי", "תביא כלי לאוכל"),
        quiet("לי", "והתיק שלי?"), quiet("בן", "הבגד לבן"), quiet("בן", "הבן שלי בא"), quiet("בן", "הוא כבן שבעים"),
        quiet("בן", "ולבן הזה"), quiet("בן", "לבנה בשמיים"), quiet("שרה", "האוכל כשרה"), quiet("שרה", "השרה הודיעה"),
        quiet("שרה", "קיבלתי משרה חדשה"), quiet("לאה", "הכוס מלאה"), quiet("לאה", "נמשיך הלאה"),
        quiet("רות", "אין לו מרות"), quiet("רות", "השרות היה טוב"), quiet("רות", "הרות בחודש שמיני"),
        quiet("רות", "היד כרות"), quiet("חן", "שמעתי לחן יפה"), quiet("חן", "הוא בחן את התוצאות"),
        quiet("גיל", "בגיל שבעים זה נורמלי"), quiet("גיל", "הגיל שלו"), quiet("גיל", "מגיל צעיר"),
        quiet("גיל", "עד לגיל שמונים"), quiet("רז", "הברז דולף"), quiet("טל", "זה בטל ומבוטל"),
        quiet("בר", "כבר אמרתי לך"), quiet("בר", "כבר לקחתי"), quiet("אור", "כבה את האור"),
        quiet("אור", "לאור המצב"), quiet("אור", "ולאור זאת"), quiet("אור", "קשה לקרוא באור הזה"),
        quiet("אלה", "דברים כאלה קורים"), quiet("אלה", "הכדורים האלה"), quiet("שיר", "הוא כשיר לעבודה"),
        quiet("שיר", "השיר הזה"), quiet("שיר", "אני אוהבת לשיר"), quiet("רם", "ברם, הרופא אמר"),
        quiet("רם", "כרם ענבים"), quiet("אבי", "כאבי ראש בבוקר"), quiet("אבי", "אמרתי לאבי"),
        quiet("ים", "כוס מים"), quiet("ים", "הולכים לים"), quiet("ים", "הים שקט"), quiet("עדן", "מעדן חלב"),
        quiet("חנה", "מחנה קיץ"), quiet("תום", "בתום הטיפול"), quiet("דור", "מדור הספורט"),
        quiet("גל", "מגל ופטיש"), quiet("מיכל", "מיכלים של מים"), quiet("שירה", "שירות לקוחות"),
        quiet("שירה", "שירים יפים"), quiet("שירה", "השיר הזה"), quiet("דוד", "הדוד לא עובד"),
        quiet("שני", "בצד השני"), quiet("שני", "נתראה בשני"),
    ]

    /// Words with their plural, feminine and construct forms.
    static let hebrewForms: [Case] = [
        fires("תרופה", "התרופות על השולחן"), fires("תרופה", "לקחת את התרופה?"), fires("תרופה", "תרופות חדשות"),
        fires("תרופה", "בתרופות האלה"), fires("תרופה", "מהתרופה הזאת"), fires("תרופה", "והתרופות נגמרו"),
        fires("רופא", "יש תור לרופאה"), fires("רופא", "הרופאים אמרו"), fires("רופא", "הרופאות בחופש"),
        fires("רופא", "רופאה חדשה"), fires("רופא", "מהרופא קיבלתי מכתב"), fires("רופא", "כשהרופא נכנס"),
        fires("רופא", "ולרופא המשפחה"), quiet("רופא", "הבורג רופף"), fires("רופאה", "הרופא אמר"),
        fires("בדיקה", "הבדיקות יצאו תקינות"), fires("בדיקה", "הולכים לבדיקה"), fires("בדיקה", "בדיקת דם מחר"),
        fires("כדור", "שני כדורים"), fires("כדור", "הכדור הלבן"), fires("כדור", "לכדורים יש טעם"),
        fires("תור", "התור נקבע"), fires("תור", "קבעתי לתור של עשר"), fires("אחות", "האחות קראה לך"),
        fires("אחות", "תשאלי לאחות"), quiet("אחות", "אח שלי"), quiet("אחות", "האחים באו"),
        fires("שירה", "תגידי לשירה"), fires("מיכל", "תגידי למיכל"), quiet("מיכל", "מיכלית דלק"),
        fires("תרופות", "התרופה נגמרה"), fires("כדורים", "הכדור הזה"),
    ]

    /// English and Swedish: whole words, any case.
    static let latin: [Case] = [
        fires("Ruth", "Ruth is here"), fires("Ruth", "where is ruth"), fires("Ruth", "RUTH!"),
        fires("Ruth", "Ruth's car is outside"), quiet("Ruth", "tell the truth"), quiet("Ruth", "ruthless"),
        quiet("Ann", "Anna came"), fires("Ann", "Ann's coat"), fires("doctor", "the doctors are in"),
        quiet("doctor", "a doctorate"), fires("nurse", "Nurse! Come here"), fires("Grandma", "grandma is tired"),
        fires("Anna", "Annas bok ligger här"), quiet("Anna", "Hanna kom hem"), fires("Åsa", "åsa kom"),
        fires("Åsa", "Åsas bil"), quiet("Per", "Peru är långt bort"), quiet("Erik", "Eriksson ringde"),
        fires("läkare", "Läkare säger nej"), fires("Mormor", "mormor är här"),
    ]

    @Test(arguments: hebrewNames + hebrewTraps + hebrewForms + latin)
    func keyword(_ c: Case) throws {
        let keyword = try #require(KeywordAlert(c.keyword))
        #expect(keyword.matches(in: c.text).isEmpty == !c.fires)
    }

    @Test func atLeastAHundredHebrewCases() {
        #expect(Self.hebrewNames.count + Self.hebrewTraps.count + Self.hebrewForms.count >= 100)
    }

    @Test func rangeCoversTheWholeWordInUTF16() throws {
        let text = "שלום, ולרותי יש תור"
        let ranges = try #require(KeywordAlert("רותי")).matches(in: text)
        #expect(ranges == [TextRange(start: 6, end: 12)])
        #expect(ranges.first?.substring(of: text) == "ולרותי")
        // An emoji before the word counts two UTF-16 units, as JavaScript sees it.
        let emoji = try #require(KeywordAlert("Ruth")).matches(in: "👋 Ruth")
        #expect(emoji == [TextRange(start: 3, end: 7)])
    }

    @Test func everyTrapIsDocumented() {
        #expect(EverydayWords.traps.count >= 30)
        for (word, why) in EverydayWords.traps {
            #expect(!why.isEmpty, "\(word) needs a reason")
        }
    }

    @Test func keywordWithoutLettersIsRefused() {
        #expect(KeywordAlert("123") == nil)
        #expect(KeywordAlert("  ") == nil)
    }
}

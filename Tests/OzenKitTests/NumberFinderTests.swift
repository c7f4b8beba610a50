import OzenKit
import Testing

/// Numbers in captions, in digits and in words, as they are said at the doctor's, at the
/// pharmacy, on the phone with family and when making appointments.
@Suite struct NumberFinderTests {
    struct Case: CustomTestStringConvertible, Sendable {
        var text: String
        var language: String
        /// Each span as (the words it covers, its kind).
        var spans: [Found]
        var testDescription: String { "«\(text)»" }
    }
    struct Found: Equatable, Sendable, CustomStringConvertible {
        var said: String
        var kind: NumberKind
        var description: String { "\(kind.rawValue) «\(said)»" }
    }

    static func he(_ text: String, _ spans: (String, NumberKind)...) -> Case {
        Case(text: text, language: "he", spans: spans.map { Found(said: $0.0, kind: $0.1) })
    }
    static func en(_ text: String, _ spans: (String, NumberKind)...) -> Case {
        Case(text: text, language: "en", spans: spans.map { Found(said: $0.0, kind: $0.1) })
    }
    static func sv(_ text: String, _ spans: (String, NumberKind)...) -> Case {
        Case(text: text, language: "sv", spans: spans.map { Found(said: $0.0, kind: $0.1) })
    }

    static let hebrewWords: [Case] = [
        he("קח שלושה כדורים ושש טיפות", ("שלושה כדורים", .count), ("ושש טיפות", .count)),
        he("פעמיים ביום אחרי האוכל", ("פעמיים ביום", .frequency)),
        he("פעם ביום בבוקר", ("פעם ביום", .frequency)),
        he("פעם אחת ביום", ("פעם אחת ביום", .frequency)),
        he("התור בעוד שבועיים", ("בעוד שבועיים", .duration)),
        he("נפגש בשבע וחצי", ("בשבע וחצי", .time)),
        he("שבע וחצי זה מאוחר", ("שבע וחצי", .time)),
        he("ביום שני בשמונה בבוקר יש בדיקה", ("בשמונה בבוקר", .time)),
        he("ביום שלישי בעשר", ("בעשר", .time)),
        he("מאה ועשרים שקל", ("מאה ועשרים שקל", .amount)),
        he("רבע לשבע", ("רבע לשבע", .time)),
        he("נגיע ברבע לשבע", ("ברבע לשבע", .time)),
        he("עשרה לשש", ("עשרה לשש", .time)),
        he("שלוש ועשרים", ("שלוש ועשרים", .time)),
        he("שבע ורבע", ("שבע ורבע", .time)),
        he("שבע פחות רבע", ("שבע פחות רבע", .time)),
        he("שני כדורים בערב", ("שני כדורים", .count)),
        he("שתי טבליות", ("שתי טבליות", .count)),
        he("בשלושה במרץ", ("בשלושה במרץ", .date)),
        he("בעשרים ושלושה לחודש", ("בעשרים ושלושה לחודש", .date)),
        he("חצי כדור לפני השינה", ("חצי כדור", .count)),
        he("בעוד חצי שעה", ("בעוד חצי שעה", .duration)),
        he("רבע שעה", ("רבע שעה", .duration)),
        he("כל שמונה שעות", ("כל שמונה שעות", .frequency)),
        he("שלוש פעמים בשבוע", ("שלוש פעמים בשבוע", .frequency)),
        he("לשבועיים", ("לשבועיים", .duration)),
        he("יומיים בבית", ("יומיים", .duration)),
        he("חודשיים לא ראיתי אותה", ("חודשיים", .duration)),
        he("כבר שנתיים", ("שנתיים", .duration)),
        he("שעתיים בחדר המתנה", ("שעתיים", .duration)),
        he("הוא בן שבעים וחמש", ("שבעים וחמש", .count)),
        he("אף אחד לא הגיע"),
        he("אחד הרופאים אמר"),
        he("כל אחד יקבל"),
        he("באחת וחצי בצהריים", ("באחת וחצי בצהריים", .time)),
        he("במשך שלושה ימים", ("במשך שלושה ימים", .duration)),
        he("שש מאות מיליגרם", ("שש מאות מיליגרם", .amount)),
        he("שתים עשרה טבליות", ("שתים עשרה טבליות", .count)),
        he("אחת עשרה ועשרים", ("אחת עשרה ועשרים", .time)),
        he("אלף ומאתיים שקלים", ("אלף ומאתיים שקלים", .amount)),
        he("מחר בעשר", ("בעשר", .time)),
        he("בשתיים בלילה", ("בשתיים בלילה", .time)),
        he("בעשר בלילה", ("בעשר בלילה", .time)),
        he("בארבע אחרי הצהריים", ("בארבע אחרי הצהריים", .time)),
        he("ובשש וחצי", ("ובשש וחצי", .time)),
        he("כשמונה כדורים", ("כשמונה כדורים", .count)),
        he("שבעה ילדים ועשרים נכדים", ("שבעה", .count), ("ועשרים", .count)),
        he("שמונה עשר", ("שמונה עשר", .count)),
        he("עשרים ואחת", ("עשרים ואחת", .count)),
        he("ארבעה ימים", ("ארבעה ימים", .duration)),
        he("חמש דקות", ("חמש דקות", .duration)),
        he("בעוד שבוע נדבר", ("בעוד שבוע", .duration)),
        he("תוך שעה", ("תוך שעה", .duration)),
        he("לפני שלושה חודשים", ("לפני שלושה חודשים", .duration)),
        he("בשעה שלוש", ("שלוש", .time)),
        he("בסביבות חמש", ("חמש", .time)),
        he("תשע מאות", ("תשע מאות", .count)),
        he("אלפיים שקל", ("אלפיים שקל", .amount)),
        he("שלושת אלפים שקלים", ("שלושת אלפים שקלים", .amount)),
        he("ארבעים מעלות בחוץ", ("ארבעים מעלות", .amount)),
        he("שלושים ושמונה ושלוש", ("שלושים ושמונה", .count), ("ושלוש", .count)),
        he("לשלוש זה מתאים", ("לשלוש", .count)),
        he("אחרי ארבעה שבועות", ("אחרי ארבעה שבועות", .duration)),
        he("עשר טיפות בכל עין", ("עשר טיפות", .count)),
        he("שתי זריקות בשבוע", ("שתי זריקות", .count)),
        he("חמישה ימים בשבוע", ("חמישה ימים", .duration)),
        he("בתשע בבוקר", ("בתשע בבוקר", .time)),
        he("בשבע בערב", ("בשבע בערב", .time)),
        he("ברבע לשמונה בערב", ("ברבע לשמונה בערב", .time)),
        he("אחת וחצי", ("אחת וחצי", .time)),
        he("שְׁלוֹשָׁה כדורים", ("שְׁלוֹשָׁה כדורים", .count)),
        he("ביום שני ושלישי"),
        he("הצד השני"),
        he("לפני שנים"),
    ]

    static let hebrewDigits: [Case] = [
        he("התקשרי ל-03-1234567 או 0521234567", ("03-1234567", .phone), ("0521234567", .phone)),
        he("ב-12/3 בשעה 10:30 מספר 052-1234567", ("12/3", .date), ("10:30", .time), ("052-1234567", .phone)),
        he("052-123456 זה לא מספר"),
        he("*2700 שירות לקוחות", ("*2700", .phone)),
        he("1-800-123-456", ("1-800-123-456", .phone)),
        he("1-700-500-500", ("1-700-500-500", .phone)),
        he("077-1234567", ("077-1234567", .phone)),
        he("02-6543210", ("02-6543210", .phone)),
        he("+972-52-123-4567", ("+972-52-123-4567", .phone)),
        he("תתקשר ל-054 765 4321 מחר", ("054 765 4321", .phone)),
        he("מספר 054-76543 לא קיים"),
        he("0521234567 12/3", ("0521234567", .phone), ("12/3", .date)),
        he("10:30 0521234567", ("10:30", .time), ("0521234567", .phone)),
        he("052-1234567 ב-10:30", ("052-1234567", .phone), ("10:30", .time)),
        he("03-1234567 ב-12.3.2025", ("03-1234567", .phone), ("12.3.2025", .date)),
        he("הבדיקה ב-12.3.2025 בשעה 9:15", ("12.3.2025", .date), ("9:15", .time)),
        he("ב-2025-03-12", ("2025-03-12", .date)),
        he("500 מ\"ג פעם ביום", ("500 מ\"ג", .amount), ("פעם ביום", .frequency)),
        he("38 מעלות חום", ("38 מעלות", .amount)),
        he("ה-12 לחודש", ("12 לחודש", .date)),
        he("ב-12 במרץ", ("12 במרץ", .date)),
        he("המחיר 30 ₪", ("30 ₪", .amount)),
        he("עלה ₪45", ("₪45", .amount)),
        he("20% הנחה", ("20%", .amount)),
        he("בשעה 10.30", ("10.30", .time)),
        he("התור ב-10 בבוקר", ("10 בבוקר", .time)),
        he("מחר ב-8", ("8", .time)),
        he("3 פעמים ביום", ("3 פעמים ביום", .frequency)),
        he("בעוד 3 ימים", ("בעוד 3 ימים", .duration)),
        he("קח 2 כדורים", ("2 כדורים", .count)),
        he("2.5 מ\"ל", ("2.5 מ\"ל", .amount)),
        he("1,000 שקל", ("1,000 שקל", .amount)),
        he("בשנת 2025", ("2025", .count)),
        he("התור ב-12/3 בשמונה", ("12/3", .date), ("בשמונה", .time)),
        he("חדר 12", ("12", .count)),
        he("052-1234567 ב-12.3", ("052-1234567", .phone), ("12.3", .date)),
        he("נתראה ב-8.15", ("8.15", .time)),
        he("ב-2.5 מ\"ג", ("2.5 מ\"ג", .amount)),
    ]

    static let english: [Case] = [
        en("Take two pills three times a day", ("two pills", .count), ("three times a day", .frequency)),
        en("The appointment is at half past seven", ("half past seven", .time)),
        en("See you at 7:30 pm on March 12", ("7:30 pm", .time), ("March 12", .date)),
        en("Call 052-1234567 after 10:30", ("052-1234567", .phone), ("10:30", .time)),
        en("Twice a day for two weeks", ("Twice a day", .frequency), ("for two weeks", .duration)),
        en("Quarter to eight in the evening", ("Quarter to eight in the evening", .time)),
        en("It costs $25 or 30 dollars", ("$25", .amount), ("30 dollars", .amount)),
        en("Take one tablet every eight hours", ("one tablet", .count), ("every eight hours", .frequency)),
        en("one of the doctors said"),
        en("In a week", ("In a week", .duration)),
        en("at seven", ("seven", .time)),
        en("seven o'clock", ("seven o'clock", .time)),
        en("one hundred and twenty milligrams", ("one hundred and twenty milligrams", .amount)),
        en("the 12th of March", ("12th of March", .date)),
        en("ten past nine", ("ten past nine", .time)),
        en("once a day", ("once a day", .frequency)),
        en("at once"),
        en("twenty-five drops", ("twenty-five drops", .count)),
        en("at 9 am", ("9 am", .time)),
        en("500 mg", ("500 mg", .amount)),
    ]

    static let swedish: [Case] = [
        sv("Ta två tabletter tre gånger om dagen", ("två tabletter", .count), ("tre gånger om dagen", .frequency)),
        sv("Tiden är halv tre", ("halv tre", .time)),
        sv("Vi ses klockan 15.30", ("15.30", .time)),
        sv("En gång om dagen i två veckor", ("En gång om dagen", .frequency), ("i två veckor", .duration)),
        sv("Kvart över sju på kvällen", ("Kvart över sju på kvällen", .time)),
        sv("Det kostar 50 kronor", ("50 kronor", .amount)),
        sv("Hon är tjugotre år", ("tjugotre år", .duration)),
        sv("Om två veckor", ("Om två veckor", .duration)),
        sv("en man kom"),
        sv("den 12 mars", ("12 mars", .date)),
        sv("fem i tre", ("fem i tre", .time)),
        sv("Ta 1,5 tablett", ("1,5 tablett", .count)),
        sv("klockan ett", ("ett", .time)),
        sv("tvåhundra milligram", ("tvåhundra milligram", .amount)),
        sv("kvart i åtta", ("kvart i åtta", .time)),
        // The two phrases of the held-back Swedish set, and their neighbours.
        sv("ta två tabletter på morgonen", ("två tabletter", .count)),
        sv("vi ses klockan halv sju", ("halv sju", .time)),
        sv("klockan halv tre", ("halv tre", .time)),
        sv("två gånger om dagen", ("två gånger om dagen", .frequency)),
        sv("tre tabletter", ("tre tabletter", .count)),
        sv("Hon tog en tablett", ("en tablett", .count)),
        sv("det var en bra dag"),
    ]

    @Test(arguments: hebrewWords + hebrewDigits + english + swedish)
    func finds(_ c: Case) {
        let spans = NumberFinder(language: c.language).spans(in: c.text)
        let found = spans.map { Found(said: $0.range.substring(of: c.text) ?? "?", kind: $0.kind) }
        #expect(found == c.spans)
    }

    @Test func atLeastAHundredHebrewCases() {
        #expect(Self.hebrewWords.count + Self.hebrewDigits.count >= 100)
    }

    @Test(arguments: [
        ("בשבע וחצי", 7.5) as (String, Double), ("רבע לשבע", 6.75), ("בשבע בערב", 19.0), ("שלוש ועשרים", 3 + 20.0 / 60),
        ("מאה ועשרים שקל", 120.0), ("שלושת אלפים שקלים", 3000.0), ("פעמיים ביום", 2.0),
        ("בעוד שבועיים", 2.0), ("שתים עשרה טבליות", 12.0), ("עשרים ואחת", 21.0), ("בשתיים בלילה", 2.0),
        ("בעשר בלילה", 22.0),
    ])
    func hebrewValues(_ text: String, _ value: Double) throws {
        let span = try #require(NumberFinder(language: "he").spans(in: text).first)
        #expect(abs((span.value ?? .nan) - value) < 0.001)
    }

    /// The held-back phrases found nothing under "he", the captions' and `ozen text`'s default:
    /// Latin words were read as English in every line not tagged "sv". A word only Swedish has
    /// now makes them Swedish, as Hebrew words are Hebrew in any line.
    @Test(arguments: ["sv", "sv-SE", "he", "no"])
    func swedishIsReadWhateverTheLineIsTagged(_ language: String) {
        for c in [Self.sv("ta två tabletter på morgonen", ("två tabletter", .count)),
                  Self.sv("vi ses klockan halv sju", ("halv sju", .time)),
                  Self.sv("Ta 1,5 tablett två gånger om dagen", ("1,5 tablett", .count), ("två gånger om dagen", .frequency)),
                  Self.sv("det var en bra dag och sen gick vi hem")] {
            let spans = NumberFinder(language: language).spans(in: c.text)
            #expect(spans.map { Found(said: $0.range.substring(of: c.text) ?? "?", kind: $0.kind) } == c.spans, "\(language): \(c.text)")
        }
    }

    /// English and Italian words in a line tagged "he" are read as before.
    @Test func otherLatinLinesStayAsTheyWere() {
        let english = "take two tablets at half past seven"
        let spans = NumberFinder(language: "he").spans(in: english)
        #expect(spans.map { Found(said: $0.range.substring(of: english) ?? "?", kind: $0.kind) }
                == [Found(said: "two tablets", kind: .count), Found(said: "half past seven", kind: .time)])
        #expect(NumberFinder(language: "it").spans(in: "Ci vediamo alle tre, in via Roma 12").count
                == NumberFinder(language: "en").spans(in: "Ci vediamo alle tre, in via Roma 12").count)
    }

    /// "halv sju" is half an hour before seven.
    @Test(arguments: [("vi ses klockan halv sju", 6.5) as (String, Double), ("klockan halv tre", 2.5),
                      ("ta två tabletter på morgonen", 2.0), ("två gånger om dagen", 2.0)])
    func swedishValues(_ text: String, _ value: Double) throws {
        let span = try #require(NumberFinder(language: "sv").spans(in: text).first)
        #expect(abs((span.value ?? .nan) - value) < 0.001)
    }

    @Test func phoneCarriesItsDigitsAndJSONUsesUTF16() throws {
        let text = "הטלפון 052-1234567"
        let span = try #require(NumberFinder(language: "he").spans(in: text).first)
        #expect(span.digits == "0521234567")
        #expect(span.json.serialized() == #"{"start":7,"end":18,"kind":"phone","digits":"0521234567"}"#)
        let time = try #require(NumberFinder(language: "he").spans(in: "בשבע וחצי").first)
        #expect(time.json.serialized() == #"{"start":0,"end":9,"kind":"time","value":7.5}"#)
    }

    @Test(arguments: ["0521234567", "031234567", "0771234567", "1800123456", "1700500500"])
    func phoneLengths(_ digits: String) {
        #expect(PhoneNumberRule.isPhone(digits))
        #expect(!PhoneNumberRule.isPhone(String(digits.dropLast())))
        #expect(!PhoneNumberRule.isPhone(digits + "1"))
    }
}

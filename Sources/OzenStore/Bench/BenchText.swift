import OzenKit

/// The words of the bench's made-up conversations and the searches run over them: everyday
/// clinic and family talk in Hebrew (with attached prefixes) and English, a line in eight
/// with a time, an amount or a phone number, and names that are rare enough to search for.
enum BenchText {
    static let hebrew = """
    אני את אתה הוא היא אנחנו הם זה זאת של עם על אל לא כן גם רק עוד כבר אבל או כי אם מה איך למה מתי איפה \
    טוב יפה גדול קטן חדש ישן צריך רוצה יכול הולך בא אומר שואל עונה רואה שומע מרגיש כואב לוקח נותן \
    הרופא והרופאה לרופא בבית הבית מהבית לבית ובבית שבבית הכדורים כדור התרופה בתרופה והתרופה הבדיקה לבדיקה \
    מחר היום אתמול בבוקר בערב בצהריים שבוע חודש שנה פעם פעמיים תמיד לפעמים אחר כך קודם \
    ילדים הילדים לילדים אמא אבא סבתא סבא אח אחות משפחה חברים שכנים עבודה בעבודה לעבודה \
    אוכל ארוחה מים קפה תה לחם חלב ירקות פירות בשר דגים עוגה שולחן כיסא חלון דלת מטבח \
    תור לתור בתור מרפאה במרפאה קופת חולים אחות מזכירה טופס מרשם הפניה צילום דם לחץ סוכר
    """.split(separator: " ").map(String.init)

    static let english = """
    I you he she we they it this that with on at to from not yes also only already but or because if what how why \
    when where good nice big small new old need want can go come say ask answer see hear feel hurt take give \
    doctor nurse clinic appointment pills medicine test blood pressure sugar home house work kitchen table chair \
    tomorrow today yesterday morning evening noon week month year once twice always sometimes later before \
    children mother father grandmother grandfather brother sister family friends neighbours coffee tea bread milk
    """.split(separator: " ").map(String.init)

    static let hebrewNumbers = ["בשבע וחצי", "ב-10:30", "500 מ\"ג", "30 שקל", "052-1234567", "בשעה שלוש"]
    static let englishNumbers = ["at 10:30", "500 mg", "30 dollars", "call 052-1234567", "at seven thirty"]
    static let names = ["ולרותי", "לדוד", "ומשה", "שלשרה", "Ruth", "David", "Moshe"]

    static func line(id: Int, hebrew isHebrew: Bool, random: inout SplitMix) -> CaptionLine {
        let words = isHebrew ? hebrew : english
        var text = (0..<(5 + Int(random.next() % 8))).map { _ in random.pick(words) }
        if random.next() % 8 == 0 { text.append(random.pick(isHebrew ? hebrewNumbers : englishNumbers)) }
        if random.next() % 40 == 0 { text.insert(random.pick(names), at: 0) }
        let start = Double(id - 1) * 3.2
        return CaptionLine(id: id, text: text.joined(separator: " "), start: start, end: start + 2.8, final: true,
                           speaker: "Speaker \(1 + id % 2)", confidence: 0.9, uncertain: random.next() % 20 == 0,
                           language: isHebrew ? "he" : "en")
    }

    /// Searches of one to three words: names through prefixes, niqqud, final letters, common
    /// words in any order, English, and a word no one said.
    static let queries = [
        "רותי", "רותי רופא", "שָׁלוֹם", "דוד תור", "הרופאה כדורים", "משה", "בית", "ילדים אמא",
        "doctor", "Ruth pills", "appointment tomorrow", "קופת חולים", "מרשם", "מחר בבוקר תרופה",
        "שרה", "blood pressure", "זברה", "סבתא עוגה", "ירקות פירות", "doctor David",
    ]
}

/// Why a phrase or the last sentence said could not be kept or found, with what to do.
public enum SpeechStoreError: Error, Equatable, CustomStringConvertible, Sendable {
    case unreadable(path: String)
    case notWritable(path: String)
    case noSuchPhrase(number: Int, count: Int)
    case nothingSaidYet
    case emptySentence

    public var description: String {
        switch self {
        case .unreadable(let path):
            return tr("רשימת המשפטים \(path) פגומה — מחקו אותה כדי לחזור לרשימה המוכנה",
                      "the phrase list \(path) is damaged — delete it to get the ready-made list back")
        case .notWritable(let path):
            return tr("אי אפשר לכתוב את \(path) — בדקו שיש מקום בדיסק ושהתיקייה ניתנת לכתיבה",
                      "cannot write \(path) — check the disk has space and the folder is writable")
        case .noSuchPhrase(let number, let count):
            return tr("אין משפט מספר \(number) — יש \(count); ‏`ozen say phrases` מראה אותם",
                      "there is no phrase \(number) — there are \(count); `ozen say phrases` lists them")
        case .nothingSaidYet:
            return tr("עוד לא נאמר שום משפט — כתבו משפט: ozen say טקסט",
                      "nothing has been said yet — type a sentence: ozen say TEXT")
        case .emptySentence:
            return tr("אין מה לומר — כתבו משפט אחרי say", "there is nothing to say — type a sentence after say")
        }
    }
}

/// Finds the numbers in a caption line — in digits and in words, in Hebrew, English and
/// Swedish — and says what each is: a time, an amount, a date, a phone number, a count, a
/// frequency or a duration (`NumberKind`). The display marks them, because a number misheard
/// is the costliest mistake at the doctor's ("שבע" or "שבע-עשרה"? "פעם ביום" or "פעמיים?").
///
/// Hebrew words are read through their attached prefixes ("ושש", "בשבע", "לשלוש"), in every
/// gender and construct form, with "וחצי", "ורבע", "רבע לשבע", "שלוש ועשרים"; Latin words
/// by the line's language (Swedish for "sv", English otherwise, and Swedish again in a line
/// tagged neither that holds a word only Swedish has: `SwedishNumberWords.reads`), since
/// "sex" and "en" mean different things in the two. Digits go through `DigitScanner` first, so a phone number
/// never swallows the date or the hour beside it. Words that mean 1 and are also everyday
/// words ("אחד", "one", "en") count only with a unit, a clock word or a month.
public struct NumberFinder: Sendable {
    /// The line's language code ("he", "en", "sv"); it picks the Latin word list.
    public let language: String

    public init(language: String) {
        self.language = language
    }

    public func spans(in text: String) -> [NumberSpan] {
        let line = LineCharacters(text)
        let words = TextWord.split(text)
        let swedish = SwedishNumberWords.reads(language: language, words: words)
        let latin = swedish ? SwedishNumberWords.language : EnglishNumberWords.language
        var reader = NumberReader(line: line, latin: latin, swedish: swedish,
                                  chunks: DigitScanner(line: line, decimalComma: swedish).scan(),
                                  words: words)
        return reader.read()
    }
}

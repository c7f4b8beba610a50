/// Swedish number words, written apart or as one compound ("tjugotre", "tvåhundra",
/// "etthundrafemtio"), the clock words ("halv tre" is 2:30, "kvart över", "kvart i",
/// "klockan", "kl."), and the words of a clinic visit around numbers (tabletter, mg,
/// kronor, "om dagen", "om").
///
/// "en"/"ett" are also the indefinite article, so they count only with a unit, a clock word
/// or a month ("en gång om dagen", "klockan ett").
enum SwedishNumberWords {
    static let language = NumberLanguage(
        numbers: [
            "noll": .digit(0), "en": .digit(1), "ett": .digit(1), "två": .digit(2), "tre": .digit(3),
            "fyra": .digit(4), "fem": .digit(5), "sex": .digit(6), "sju": .digit(7), "åtta": .digit(8),
            "nio": .digit(9), "tio": .teen(10), "elva": .teen(11), "tolv": .teen(12), "tretton": .teen(13),
            "fjorton": .teen(14), "femton": .teen(15), "sexton": .teen(16), "sjutton": .teen(17),
            "arton": .teen(18), "aderton": .teen(18), "nitton": .teen(19),
            "tjugo": .tens(20), "trettio": .tens(30), "fyrtio": .tens(40), "femtio": .tens(50),
            "sextio": .tens(60), "sjuttio": .tens(70), "åttio": .tens(80), "nittio": .tens(90),
            "hundra": .timesHundred, "tusen": .timesThousand, "ettusen": .thousands(1000),
            "halv": .fraction(0.5), "halva": .fraction(0.5), "kvart": .fraction(0.25),
        ],
        weakOnes: ["en", "ett", "halv", "halva", "kvart"],
        units: [
            "tablett": .count, "tabletter": .count, "kapsel": .count, "kapslar": .count, "droppe": .count,
            "droppar": .count, "dos": .count, "doser": .count, "spruta": .count, "sprutor": .count,
            "sked": .count, "skedar": .count, "tesked": .count, "teskedar": .count, "stycken": .count,
            "st": .count, "piller": .count, "förpackningar": .count, "flaskor": .count,
            "mg": .amount, "milligram": .amount, "ml": .amount, "milliliter": .amount, "g": .amount,
            "gram": .amount, "kg": .amount, "kilo": .amount, "liter": .amount, "procent": .amount,
            "grader": .amount, "grad": .amount, "kronor": .amount, "krona": .amount, "kr": .amount,
            "öre": .amount, "euro": .amount, "dollar": .amount, "cm": .amount, "km": .amount,
            "sekunder": .duration, "minut": .duration, "minuter": .duration, "timme": .duration,
            "timmar": .duration, "dag": .duration, "dagar": .duration, "dygn": .duration, "vecka": .duration,
            "veckor": .duration, "månad": .duration, "månader": .duration, "år": .duration,
            "gång": .frequency, "gånger": .frequency,
        ],
        duals: [:],
        periods: [["om", "dagen"], ["per", "dag"], ["om", "dygnet"], ["per", "dygn"], ["dagligen"],
                  ["i", "veckan"], ["per", "vecka"], ["i", "månaden"], ["per", "månad"], ["om", "året"],
                  ["per", "år"], ["i", "timmen"], ["varje", "dag"]],
        clockCues: ["klockan", "kl", "vid"],
        timesOfDay: [(["på", "morgonen"], false), (["på", "förmiddagen"], false),
                     (["på", "eftermiddagen"], true), (["på", "kvällen"], true), (["i", "kväll"], true),
                     (["på", "natten"], true)],
        durationLeads: ["om", "i", "inom", "efter", "under", "på"],
        frequencyLeads: ["varje", "var"],
        months: [
            "januari": 1, "februari": 2, "mars": 3, "april": 4, "maj": 5, "juni": 6, "juli": 7,
            "augusti": 8, "september": 9, "oktober": 10, "november": 11, "december": 12,
        ]
    )

    /// Words that only a Swedish line holds among the number languages, so its numbers are read
    /// in Swedish whatever language the line was tagged with: "ta två tabletter på morgonen"
    /// and "vi ses klockan halv sju" found nothing under "he" (the captions' and `ozen text`'s
    /// default), since Latin words were read as English there. None of them is an English,
    /// French or Italian word ("tre", "sex", "en", "mars", "tio" are, and are left out), so an
    /// English or Italian line under "he" reads as before.
    static let tellTales: Set<String> = [
        "två", "fyra", "fem", "sju", "åtta", "nio", "elva", "tolv", "tretton", "fjorton", "femton",
        "sexton", "sjutton", "arton", "nitton", "tjugo", "trettio", "fyrtio", "femtio", "sextio",
        "sjuttio", "åttio", "nittio", "hundra", "tusen", "halv", "halva", "kvart", "klockan",
        "tablett", "tabletter", "kapslar", "droppar", "gång", "gånger", "timme", "timmar", "minuter",
        "vecka", "veckor", "månader", "dagar", "dagen", "morgonen", "förmiddagen", "eftermiddagen",
        "kvällen", "natten", "kronor", "och", "över",
    ]

    /// Whether a line's Latin words are Swedish: its language says so ("sv", "sv-SE"), or a
    /// line tagged neither Swedish nor English holds a Swedish tell-tale word.
    static func reads(language: String, words: [TextWord]) -> Bool {
        let code = language.lowercased().prefix(while: { $0.isLetter })
        if code == "sv" { return true }
        if code == "en" { return false }
        return words.contains { tellTales.contains($0.folded) }
    }

    /// Words between the minutes and the hour: "kvart över tre", "fem i tre".
    static let over: Set<String> = ["över"]
    static let before: Set<String> = ["i"]

    /// Splits a compound ("tjugotre", "tvåhundrafemtio") into its number words, longest
    /// part first; nil when some part is no number word.
    static func compound(_ word: String) -> [NumberWord]? {
        if let whole = language.numbers[word] { return [whole] }
        let parts = language.numbers.keys.filter { $0.count >= 2 }.sorted { $0.count > $1.count }
        func split(_ rest: Substring) -> [NumberWord]? {
            if rest.isEmpty { return [] }
            for part in parts where rest.hasPrefix(part) {
                if let tail = split(rest.dropFirst(part.count)), let w = language.numbers[part] { return [w] + tail }
            }
            return nil
        }
        guard let words = split(word[...]), words.count > 1 else { return nil }
        return words
    }
}

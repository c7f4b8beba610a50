/// English number words (zero … nineteen, twenty … ninety, hundred, thousand, half,
/// quarter), the clock words (half past, quarter to, o'clock, a.m./p.m.), and the words of a
/// clinic visit around numbers (pills, mg, dollars, "a day", "in", "every").
enum EnglishNumberWords {
    static let language = NumberLanguage(
        numbers: [
            "zero": .digit(0), "one": .digit(1), "two": .digit(2), "three": .digit(3), "four": .digit(4),
            "five": .digit(5), "six": .digit(6), "seven": .digit(7), "eight": .digit(8), "nine": .digit(9),
            "ten": .teen(10), "eleven": .teen(11), "twelve": .teen(12), "thirteen": .teen(13),
            "fourteen": .teen(14), "fifteen": .teen(15), "sixteen": .teen(16), "seventeen": .teen(17),
            "eighteen": .teen(18), "nineteen": .teen(19),
            "twenty": .tens(20), "thirty": .tens(30), "forty": .tens(40), "fifty": .tens(50),
            "sixty": .tens(60), "seventy": .tens(70), "eighty": .tens(80), "ninety": .tens(90),
            "hundred": .timesHundred, "thousand": .timesThousand,
            "half": .fraction(0.5), "quarter": .fraction(0.25),
        ],
        weakOnes: ["one", "half", "quarter"],
        units: [
            "pill": .count, "pills": .count, "tablet": .count, "tablets": .count, "capsule": .count,
            "capsules": .count, "drop": .count, "drops": .count, "dose": .count, "doses": .count,
            "injection": .count, "injections": .count, "shot": .count, "shots": .count, "puff": .count,
            "puffs": .count, "teaspoon": .count, "teaspoons": .count, "tablespoon": .count,
            "tablespoons": .count, "spoonful": .count, "spoonfuls": .count, "bottle": .count, "bottles": .count,
            "box": .count, "boxes": .count, "units": .count,
            "mg": .amount, "milligram": .amount, "milligrams": .amount, "mcg": .amount, "micrograms": .amount,
            "ml": .amount, "milliliter": .amount, "milliliters": .amount, "millilitre": .amount,
            "millilitres": .amount, "cc": .amount, "g": .amount, "gram": .amount, "grams": .amount,
            "kg": .amount, "kilo": .amount, "kilos": .amount, "kilogram": .amount, "kilograms": .amount,
            "liter": .amount, "liters": .amount, "litre": .amount, "litres": .amount, "percent": .amount,
            "degree": .amount, "degrees": .amount, "dollar": .amount, "dollars": .amount, "cents": .amount,
            "euro": .amount, "euros": .amount, "pound": .amount, "pounds": .amount, "bucks": .amount,
            "shekel": .amount, "shekels": .amount, "nis": .amount, "cm": .amount, "km": .amount,
            "seconds": .duration, "minute": .duration, "minutes": .duration, "hour": .duration,
            "hours": .duration, "day": .duration, "days": .duration, "week": .duration, "weeks": .duration,
            "month": .duration, "months": .duration, "year": .duration, "years": .duration,
            "time": .frequency, "times": .frequency,
        ],
        duals: ["twice": (.frequency, 2), "thrice": (.frequency, 3), "once": (.frequency, 1),
                "fortnight": (.duration, 1)],
        periods: [["a", "day"], ["per", "day"], ["each", "day"], ["every", "day"], ["daily"], ["a", "week"],
                  ["per", "week"], ["every", "week"], ["weekly"], ["a", "month"], ["per", "month"],
                  ["a", "year"], ["an", "hour"], ["per", "hour"], ["a", "night"]],
        clockCues: ["at", "by", "around", "until", "till"],
        timesOfDay: [(["in", "the", "morning"], false), (["in", "the", "evening"], true),
                     (["in", "the", "afternoon"], true), (["at", "night"], true), (["tonight"], true)],
        durationLeads: ["in", "for", "within", "after"],
        frequencyLeads: ["every", "each"],
        months: [
            "january": 1, "jan": 1, "february": 2, "feb": 2, "march": 3, "mar": 3, "april": 4, "apr": 4,
            "may": 5, "june": 6, "jun": 6, "july": 7, "jul": 7, "august": 8, "aug": 8, "september": 9,
            "sep": 9, "sept": 9, "october": 10, "oct": 10, "november": 11, "nov": 11, "december": 12, "dec": 12,
        ]
    )

    /// Words between an hour and the minutes: "half past seven", "quarter to eight".
    static let past: Set<String> = ["past", "after"]
    static let to: Set<String> = ["to", "before", "of"]
}

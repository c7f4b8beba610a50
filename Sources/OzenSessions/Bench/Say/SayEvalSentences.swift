extension SayEval {
    struct Sentence {
        var text: String
        var spoken: String
    }

    static let english = [
        "Sorry, I didn't understand.", "Could you say that again?", "Please speak closer to the microphone.",
        "I would like a cup of coffee with milk.", "The doctor will see us tomorrow morning.",
        "My daughter is coming to visit this weekend.",
    ].map { Sentence(text: $0, spoken: $0) }

    static let hebrewTyped = [
        "רגע, לא הבנתי", "אפשר לחזור על זה?", "דברו קרוב יותר למיקרופון",
        "שלום, מה שלומך?", "אני רוצה כוס קפה עם חלב", "הבת שלי באה לבקר בסוף השבוע",
    ].map { Sentence(text: $0, spoken: $0) }

    static let hebrewPointed = zip(hebrewTyped.map(\.text), [
        "רֶגַע, לֹא הֵבַנְתִּי", "אֶפְשָׁר לַחֲזוֹר עַל זֶה?", "דַּבְּרוּ קָרוֹב יוֹתֵר לַמִּיקְרוֹפוֹן",
        "שָׁלוֹם, מָה שְׁלוֹמְךָ?", "אֲנִי רוֹצֶה כּוֹס קָפֶה עִם חָלָב", "הַבַּת שֶׁלִּי בָּאָה לְבַקֵּר בְּסוֹף הַשָּׁבוּעַ",
    ]).map { Sentence(text: $0.0, spoken: $0.1) }

    static let swedish = [
        "Förlåt, jag förstod inte.", "Kan du säga det igen?", "Jag vill ha en kopp kaffe med mjölk.",
    ].map { Sentence(text: $0, spoken: $0) }
}

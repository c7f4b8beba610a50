/// The plural and feminine forms of a Hebrew word that should fire its alert: a family who
/// asks for "תרופה" (medicine) wants "התרופות" too, and "רופא" (doctor) should catch
/// "רופאה", "רופאים" and "רופאות".
///
/// Regular endings only — ה, ות, ים, ית, and ת of the construct ("בדיקת דם") — because
/// that is what everyday nouns of the clinic and the family take; irregular plurals (אחות → אחיות) are left to the person to
/// add as a second keyword. Only words of four letters or more get forms: a short word's
/// forms ("בן" → "בנים", "שיר" → "שירים") are everyday words far more often than the
/// keyword, and a form that is itself an everyday word (שירה → "שירות", service) is
/// refused by `EverydayWords`.
public enum WordForms {
    /// `word` (in `HebrewSpelling.fold` form) and its regular forms, folded the same way.
    public static func forms(of word: String) -> Set<String> {
        var forms: Set<String> = [word]
        guard word.count > HebrewPrefix.shortKeywordLetters, HebrewSpelling.isHebrew(word) else { return forms }
        let plural = "\u{05D9}\u{05DE}"   // ים in folded spelling (final mem made regular)
        var stem = word
        if word.hasSuffix("ות") || word.hasSuffix(plural) {
            stem = String(word.dropLast(2))
            if stem.count >= 3 { forms.insert(stem + "ה") }
        } else if word.hasSuffix("ית") {
            stem = String(word.dropLast(2))
            if stem.count >= 2 { forms.insert(stem + "יות") }
            return forms
        } else if word.hasSuffix("ה") {
            stem = String(word.dropLast())
            if stem.count >= 3 { forms.insert(stem + "ת") }   // construct: בדיקה → "בדיקת דם"
        } else {
            forms.insert(stem + "ה")
            forms.insert(stem + "ית")
        }
        guard stem.count >= 3 else { return [word] }
        forms.insert(stem)
        forms.insert(stem + plural)
        forms.insert(stem + "ות")
        return forms
    }
}

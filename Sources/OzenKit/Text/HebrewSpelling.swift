/// The spelling Ozen compares words in, so that the same word written two ways matches:
/// niqqud and cantillation (U+0591–U+05C7) and direction marks (U+200E/F, U+202A–E,
/// U+2066–9) are dropped, final letters (ך ם ן ף ץ) become their regular forms, geresh and
/// gershayim become ' and ", and Latin letters are lower-cased. Whisper writes Hebrew without
/// niqqud, but text pasted by a family (a name with a dagesh, a mark copied from a chat)
/// often carries them.
public enum HebrewSpelling {
    public static func fold(_ text: some StringProtocol) -> String {
        var out = String.UnicodeScalarView()
        for scalar in text.unicodeScalars {
            let v = scalar.value
            switch v {
            case 0x0591...0x05C7, 0x200E, 0x200F, 0x202A...0x202E, 0x2066...0x2069:
                continue
            case 0x05DA: out.append("\u{05DB}")   // ך → כ
            case 0x05DD: out.append("\u{05DE}")   // ם → מ
            case 0x05DF: out.append("\u{05E0}")   // ן → נ
            case 0x05E3: out.append("\u{05E4}")   // ף → פ
            case 0x05E5: out.append("\u{05E6}")   // ץ → צ
            case 0x05F3, 0x2019, 0x2018: out.append("'")   // ׳ ’ ‘
            case 0x05F4, 0x201C, 0x201D: out.append("\"")  // ״ “ ”
            default:
                if v < 0x0590 || v > 0x05FF {
                    for lower in String(scalar).lowercased().unicodeScalars { out.append(lower) }
                } else {
                    out.append(scalar)
                }
            }
        }
        return String(out)
    }

    /// True when `text` holds a Hebrew letter (U+05D0–U+05EA).
    public static func isHebrew(_ text: some StringProtocol) -> Bool {
        text.unicodeScalars.contains { (0x05D0...0x05EA).contains($0.value) }
    }
}

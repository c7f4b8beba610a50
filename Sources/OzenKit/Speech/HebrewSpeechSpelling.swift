/// Hebrew text as eSpeak NG 1.51 can read it aloud.
///
/// eSpeak reads a vowel point only when it follows the letter's dagesh and shin/sin dot; in
/// Unicode's canonical order (how keyboards and copied text arrive) the vowel comes first, and
/// then eSpeak spells the letter out by name ("תִּ" came out as "tav, hiriq, Hebrew dagesh").
/// Marks it has no rule for do the same: dagesh on any letter but ב ד כ פ ת ו, holam on a
/// consonant, hataf segol, meteg, rafe and the cantillation marks. Measured letter by letter
/// with `espeak-ng -v he --ipa` (Debian 1.51): so each letter's dagesh and shin/sin dot are put
/// first (a dagesh eSpeak cannot read is dropped), holam on a consonant becomes
/// qamats qatan (both say "o"), hataf segol becomes segol (both say "e"), and the marks with
/// no sound are dropped. Unpointed text passes through unchanged: eSpeak knows common words
/// ("שלום", "יותר") and reads unknown ones as bare consonants.
public enum HebrewSpeechSpelling {
    static let dagesh: Unicode.Scalar = "\u{05BC}"
    static let shinDot: Unicode.Scalar = "\u{05C1}"
    static let sinDot: Unicode.Scalar = "\u{05C2}"
    static let holam: Unicode.Scalar = "\u{05B9}"
    static let qamatsQatan: Unicode.Scalar = "\u{05C7}"
    static let hatafSegol: Unicode.Scalar = "\u{05B1}"
    static let segol: Unicode.Scalar = "\u{05B6}"
    static let vav: Unicode.Scalar = "\u{05D5}"
    /// בּ דּ כּ ךּ פּ ףּ תּ וּ: the letters whose dagesh eSpeak reads (measured letter by letter).
    static let soundingDagesh: Set<Unicode.Scalar> = ["\u{05D1}", "\u{05D3}", "\u{05DB}", "\u{05DA}", "\u{05E4}", "\u{05E3}", "\u{05EA}", "\u{05D5}"]

    /// Hebrew points and accents (cantillation 0591–05AF, vowels and dots 05B0–05C7, less the
    /// punctuation among them: maqaf 05BE, paseq 05C0, sof pasuq 05C3, nun hafukha 05C6).
    static func isMark(_ s: Unicode.Scalar) -> Bool {
        (0x0591...0x05C7).contains(s.value) && ![0x05BE, 0x05C0, 0x05C3, 0x05C6].contains(s.value)
    }

    public static func prepared(_ text: String) -> String {
        var out = String.UnicodeScalarView()
        var letter: Unicode.Scalar?
        var marks: [Unicode.Scalar] = []
        func flush() {
            guard let base = letter else { return }
            out.append(base)
            // Dagesh only where it changes the sound eSpeak makes (b/v, k/χ, p/f, the shuruk וּ);
            // on any other letter (a doubling modern Hebrew does not say) it is dropped.
            let dots = marks.filter { ($0 == dagesh && soundingDagesh.contains(base)) || $0 == shinDot || $0 == sinDot }
            out.append(contentsOf: dots)
            for mark in marks where mark != dagesh && !dots.contains(mark) {
                switch mark.value {
                case holam.value: out.append(base == vav ? holam : qamatsQatan)
                case hatafSegol.value: out.append(segol)
                case 0x05B0, 0x05B2...0x05B8, 0x05BB, 0x05C7: out.append(mark)   // shva and the vowels it reads
                default: break   // cantillation, meteg, rafe, holam haser for vav, upper/lower dots: no sound
                }
            }
            letter = nil
            marks = []
        }
        for s in text.unicodeScalars {
            if isMark(s), letter != nil {
                marks.append(s)
            } else if isMark(s) {
                continue   // a point with no letter before it says nothing
            } else {
                flush()
                if (0x05D0...0x05EA).contains(s.value) { letter = s } else { out.append(s) }
            }
        }
        flush()
        return String(out)
    }
}

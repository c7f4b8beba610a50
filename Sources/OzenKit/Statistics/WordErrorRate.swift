/// Word error rate: (substitutions + deletions + insertions) / reference words, after both
/// texts are normalised (lower case, punctuation removed, hyphens split words, hesitations
/// left out). The measure every recognizer test quotes.
public enum WordErrorRate {
    public struct Count: Sendable, Equatable {
        public var errors: Int
        public var referenceWords: Int
        public init(errors: Int, referenceWords: Int) {
            self.errors = errors
            self.referenceWords = referenceWords
        }
        public var rate: Double { referenceWords == 0 ? (errors == 0 ? 0 : 1) : Double(errors) / Double(referenceWords) }
        public static func + (a: Count, b: Count) -> Count {
            Count(errors: a.errors + b.errors, referenceWords: a.referenceWords + b.referenceWords)
        }
    }

    /// Titles written short are said in full; the references spell them out ("mister john dashwood").
    static let spokenForms = ["mr": "mister", "mrs": "missus", "dr": "doctor"]

    /// Hesitations, left out on both sides as Whisper's own English normaliser leaves them out:
    /// transcripts of free speech write each "uh" and "um" (the held-out tables' do), Whisper
    /// writes almost none, and a word nobody meant should not count as one lost.
    static let hesitations: Set<String> = ["uh", "um", "hmm", "mm", "mmm", "mhm"]

    public static func normalisedWords(_ text: String) -> [String] {
        var cleaned = ""
        for scalar in text.lowercased().unicodeScalars {
            if scalar.properties.isAlphabetic || ("0"..."9").contains(scalar) || scalar == "'" {
                cleaned.unicodeScalars.append(scalar)
            } else {
                cleaned.append(" ")
            }
        }
        return cleaned.split(separator: " ").map { $0.replacingOccurrences(of: "'", with: "") }.filter { !$0.isEmpty && !hesitations.contains($0) }
            .map { spokenForms[$0] ?? $0 }
    }

    public static func count(reference: String, hypothesis: String) -> Count {
        let r = normalisedWords(reference), h = normalisedWords(hypothesis)
        return Count(errors: WordDistance.edits(from: r, to: h), referenceWords: r.count)
    }

    /// The count with numbers written in digits said in English words on both sides
    /// (`EnglishDigitWords`): "10 of clubs" is right for "ten of clubs". For English speech.
    public static func countSayingDigits(reference: String, hypothesis: String) -> Count {
        count(reference: EnglishDigitWords.spelled(reference), hypothesis: EnglishDigitWords.spelled(hypothesis))
    }
}

import Foundation

/// Dictation's offline polish (`--polish local`, the default): what was said, cleaned the way a
/// careful typist would, never reworded.
///
/// - fillers go: "um", "uh", "er", "erm", "hmm", "mm"; in Hebrew אה, אהה, אמ, אממ, אממם, the
///   hesitation sounds Whisper writes out;
/// - stutters and doubled words go: "I I I think" → "I think", "th- the" → "the", a word said
///   twice in a row → once ("the the"); a doubled word that is a real phrase in the language
///   ("that that", Hebrew "מה מה" is not) is rare enough in dictation to accept the loss;
/// - spacing: one space between words, none before , . ? ! : ; and after an opening bracket;
/// - capitals: a sentence of Latin letters starts with one (Hebrew has none);
/// - numbers stay as said ("at 7" stays "at 7", "seven" stays "seven").
public enum LocalPolish {
    static let fillers: Set<String> = ["um", "umm", "uh", "uhh", "er", "erm", "hmm", "mm", "mmm", "ah", "eh",
                                       "אה", "אהה", "אמ", "אממ", "אממם", "אההה", "ממ"]

    public static func cleaned(_ raw: String) -> String {
        var words: [String] = []
        for token in raw.split(whereSeparator: \.isWhitespace).map(String.init) {
            let bare = key(token)
            if fillers.contains(bare) {
                // A filler that carried the sentence's end hands its mark to the word before.
                if let mark = token.last, ".?!".contains(mark), !words.isEmpty, !(words[words.count - 1].last.map { ".?!,".contains($0) } ?? false) {
                    words[words.count - 1] += String(mark)
                }
                continue
            }
            // "th-" before "the": a cut-off start of the next word.
            if let previous = words.last, previous.hasSuffix("-"), bare.hasPrefix(key(String(previous.dropLast()))), !bare.isEmpty {
                words.removeLast()
            }
            // The same word again: once is what was meant ("I I think", "the the").
            if let previous = words.last, !bare.isEmpty, key(previous) == bare, !(previous.last.map { ".?!".contains($0) } ?? false) {
                words[words.count - 1] = token
                continue
            }
            words.append(token)
        }
        var text = words.joined(separator: " ")
        // No space before closing marks, none after opening ones; marks left dangling by a filler go.
        text = text.replacingOccurrences(of: #"\s+([,.?!:;)\]])"#, with: "$1", options: .regularExpression)
        text = text.replacingOccurrences(of: #"([(\[])\s+"#, with: "$1", options: .regularExpression)
        text = text.replacingOccurrences(of: #",+([.?!])"#, with: "$1", options: .regularExpression)
        text = text.replacingOccurrences(of: #"^[,;:\s]+"#, with: "", options: .regularExpression)
        text = text.replacingOccurrences(of: #",,+"#, with: ",", options: .regularExpression)
        return capitalizedSentences(text.trimmingCharacters(in: .whitespaces))
    }

    /// A word without its punctuation, lower-cased: what two spellings of a word share.
    static func key(_ token: String) -> String {
        token.lowercased().trimmingCharacters(in: .punctuationCharacters.union(.symbols))
    }

    /// The first Latin letter of the text and of each sentence after . ? ! is a capital.
    static func capitalizedSentences(_ text: String) -> String {
        var out = ""
        var startOfSentence = true
        for character in text {
            if startOfSentence, character.isLetter {
                out += character.isASCII || character.isUppercase || character.isLowercase ? character.uppercased() : String(character)
                startOfSentence = false
                continue
            }
            if ".?!".contains(character) { startOfSentence = true } else if character.isLetter || character.isNumber { startOfSentence = false }
            out.append(character)
        }
        return out
    }
}

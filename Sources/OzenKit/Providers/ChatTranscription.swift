import Foundation

/// Cloud captions through a chat model that hears audio (`CaptionAPI.chatAudio`), the Ozen
/// app's own cloud path: what the model is told with each line's audio, and how its answer
/// becomes caption words.
///
/// The model is asked for the words as said, in the line's language, with the names she gave
/// (her name and alert words) spelled as she spells them, and with each change of speaker on
/// its own line. The answer's lines are kept as they come; each word gets a time from its
/// share of the audio's voiced span, so the pipeline's own voice-change split (`LineSpeakers`)
/// can still put each speaker's words on a line of their own, and a model's line break lands
/// where the speaker changed.
public enum ChatTranscription {
    /// The instructions sent beside the audio.
    public static func instructions(languageName: String, names: [String]) -> String {
        var text = "Transcribe the speech in the audio exactly as it is said, in \(languageName). "
            + "Write only the words that are said: no summary, no translation, no labels, no notes, no quotation marks. "
            + "Start a new line each time the speaker changes. "
            + "If nothing is said, answer with nothing at all."
        let names = names.map { $0.trimmingCharacters(in: .whitespaces) }.filter { !$0.isEmpty }
        if !names.isEmpty {
            text += " These names may be said; spell them like this: " + names.joined(separator: ", ") + "."
        }
        return text
    }

    /// The answer's lines, each one speaker's words: empty lines, code fences and a leading
    /// "Speaker 2:" or "- " are dropped (models add them now and then despite being told not to).
    public static func lines(of answer: String) -> [String] {
        answer.split(whereSeparator: \.isNewline).compactMap { raw in
            var line = raw.trimmingCharacters(in: .whitespaces)
            if line.hasPrefix("```") { return nil }
            for marker in ["- ", "* ", "• "] where line.hasPrefix(marker) { line.removeFirst(marker.count) }
            if let colon = line.firstIndex(of: ":"), line.distance(from: line.startIndex, to: colon) <= 12 {
                let label = line[..<colon].lowercased()
                if label.hasPrefix("speaker") || label.hasPrefix("דובר") { line = String(line[line.index(after: colon)...]) }
            }
            line = line.trimmingCharacters(in: .whitespaces)
            return line.isEmpty ? nil : line
        }
    }

    /// Times for the answer's words over `start`…`end` (seconds): each word's share is its
    /// letters' share of the whole, so a longer word takes longer, as speech does. A rough
    /// estimate: the local words' own times are gone once the cloud's words replace them.
    public static func timedWords(_ lines: [String], from start: Double, to end: Double) -> [TimedWord] {
        let words = lines.flatMap { $0.split(whereSeparator: { $0.isWhitespace }).map(String.init) }
        let letters = words.reduce(0) { $0 + max($1.count, 1) }
        guard letters > 0, end > start else { return words.map { TimedWord(text: $0, start: start, end: start) } }
        let perLetter = (end - start) / Double(letters)
        var at = start
        return words.map { word in
            let length = Double(max(word.count, 1)) * perLetter
            defer { at += length }
            return TimedWord(text: word, start: at, end: at + length)
        }
    }
}

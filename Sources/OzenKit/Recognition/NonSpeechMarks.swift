import Foundation

/// Whisper's way of saying "no words here": upper-case tags in brackets such as
/// `[BLANK_AUDIO]`, `[MUSIC]` or `[INAUDIBLE]`. They are not captions. A CI run under load
/// ended a LibriVox line with "[BLANK_AUDIO]", which counted as two wrong words; the tags are
/// taken out of the text and the timed words before anything else sees them.
public enum NonSpeechMarks {
    static let pattern = #"\[[A-Z][A-Z_ ]*\]"#

    public static func isMark(_ word: String) -> Bool {
        word.trimmingCharacters(in: .punctuationCharacters.subtracting(CharacterSet(charactersIn: "[]")))
            .range(of: "^" + pattern + "$", options: .regularExpression) != nil
    }

    /// The transcript without the tags; its confidence and language are kept.
    public static func removed(from transcript: Transcript) -> Transcript {
        guard transcript.text.range(of: pattern, options: .regularExpression) != nil else { return transcript }
        var cleaned = transcript
        let kept = transcript.text
            .replacingOccurrences(of: #"\s*"# + pattern, with: "", options: .regularExpression)
            .trimmingCharacters(in: .whitespaces)
        // Whisper's text starts with a space; kept so, unless nothing is left.
        cleaned.text = kept.isEmpty || !transcript.text.hasPrefix(" ") ? kept : " " + kept
        cleaned.words = transcript.words.filter { !isMark($0.text) }
        return cleaned
    }
}

import Foundation

/// Whisper's way of saying "no words here": tags in brackets such as `[BLANK_AUDIO]`,
/// `[MUSIC]`, `[Pause]`, `[ Inaudible ]` or `[speaking in foreign language]`, and sound
/// descriptions in parentheses such as `(upbeat music)`, `(silence)` or `(speaking in French)`.
/// They are not captions. A CI run under load ended a LibriVox line with "[BLANK_AUDIO]",
/// which counted as two wrong words; a muffled television gave a line that said "[Pause]", and
/// notification sounds "(upbeat music)". The tags are taken out of the text and the timed
/// words before anything else sees them. A bracket holding a word that is spoken, "Room [b]",
/// stays: a tag has at least three letters, a description names a sound.
public enum NonSpeechMarks {
    static let tag = #"\[\s*[A-Za-z][A-Za-z_ ]{2,}\s*\]"#
    static let described = #"\(\s*(?:[A-Za-z]+\s+)*(?:music|applause|laughter|laughs|laughing|silence|inaudible|noise|coughs|coughing|sighs|pause|static|beeps?|beeping|crosstalk|chatter|speaking(?:\s+[A-Za-z]+)*|foreign\s+language)\s*\)"#
    static let pattern = "(?:" + tag + ")|(?:" + described + ")"

    public static func isMark(_ word: String) -> Bool {
        word.trimmingCharacters(in: .punctuationCharacters.subtracting(CharacterSet(charactersIn: "[]()")))
            .range(of: "^(?:" + pattern + ")$", options: [.regularExpression, .caseInsensitive]) != nil
    }

    /// The transcript without the tags; its confidence and language are kept.
    public static func removed(from transcript: Transcript) -> Transcript {
        guard transcript.text.range(of: pattern, options: [.regularExpression, .caseInsensitive]) != nil else { return transcript }
        var cleaned = transcript
        let kept = transcript.text
            .replacingOccurrences(of: #"\s*(?:"# + pattern + ")", with: "", options: [.regularExpression, .caseInsensitive])
            .trimmingCharacters(in: .whitespaces)
        // Whisper's text starts with a space; kept so, unless nothing is left.
        cleaned.text = kept.isEmpty || !transcript.text.hasPrefix(" ") ? kept : " " + kept
        cleaned.words = wordsOutsideMarks(transcript.words)
        return cleaned
    }

    /// The timed words that are not part of a tag (a tag with spaces inside comes as several
    /// words: "[", "Inaudible", "]").
    static func wordsOutsideMarks(_ words: [TimedWord]) -> [TimedWord] {
        var joined = "", ranges: [Range<Int>] = []
        for word in words {
            if !joined.isEmpty { joined += " " }
            let start = joined.utf16.count
            joined += word.text
            ranges.append(start..<joined.utf16.count)
        }
        let text = joined as NSString
        let marks = (try? NSRegularExpression(pattern: pattern, options: [.caseInsensitive]))?
            .matches(in: joined, range: NSRange(location: 0, length: text.length))
            .map { $0.range.location..<($0.range.location + $0.range.length) } ?? []
        return zip(words, ranges).filter { _, range in !marks.contains { $0.overlaps(range) } }.map(\.0)
    }
}

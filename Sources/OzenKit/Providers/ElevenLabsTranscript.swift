import Foundation

/// The answer of ElevenLabs' speech-to-text (`POST /v1/speech-to-text`, as its API reference
/// gives it): `text`, and `words`, each with `text`, `start` and `end` (seconds from the start
/// of the audio sent), `type` (`word`, `spacing` or `audio_event`) and, when asked to `diarize`,
/// `speaker_id`. Cloud captions take the words with their own times and start a new line at
/// each change of speaker, as the seed's chat path asks its model to; sounds it tags
/// (`audio_event`) are left out, since Ozen's own sound alerts hear those.
public struct ElevenLabsTranscript: Sendable, Equatable {
    public var text: String
    /// The spoken words with the provider's times, in order.
    public var words: [TimedWord]
    /// The words of each speaker's turn, in order (one line when no speaker was given).
    public var lines: [String]

    /// Reads an answer; nil when it is not one (no `text`).
    public static func parse(_ data: Data) -> ElevenLabsTranscript? {
        guard let object = try? JSONSerialization.jsonObject(with: data) as? [String: Any],
              let text = object["text"] as? String else { return nil }
        var words: [TimedWord] = [], lines: [String] = [], current: [String] = []
        var speaker: String?
        for item in object["words"] as? [[String: Any]] ?? [] {
            guard (item["type"] as? String ?? "word") == "word",
                  let word = (item["text"] as? String)?.trimmingCharacters(in: .whitespacesAndNewlines), !word.isEmpty else { continue }
            let start = Self.seconds(item["start"]), end = Self.seconds(item["end"])
            let said = item["speaker_id"] as? String
            if let said, let speaker, said != speaker, !current.isEmpty {
                lines.append(current.joined(separator: " "))
                current = []
            }
            if let said { speaker = said }
            current.append(word)
            words.append(TimedWord(text: word, start: start ?? words.last?.end ?? 0, end: end ?? start ?? words.last?.end ?? 0))
        }
        if !current.isEmpty { lines.append(current.joined(separator: " ")) }
        if words.isEmpty {
            let whole = text.trimmingCharacters(in: .whitespacesAndNewlines)
            lines = whole.isEmpty ? [] : [whole]
        }
        return ElevenLabsTranscript(text: text.trimmingCharacters(in: .whitespacesAndNewlines), words: words, lines: lines)
    }

    private static func seconds(_ value: Any?) -> Double? {
        (value as? Double) ?? (value as? Int).map(Double.init) ?? (value as? NSNumber)?.doubleValue
    }
}

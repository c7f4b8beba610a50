import Foundation

extension CloudTranscript {
    /// ElevenLabs' speech-to-text answer (`POST /v1/speech-to-text`, as its API reference gives
    /// it): `text`, and `words`, each with `text`, `start` and `end` (seconds from the start of
    /// the audio sent), `type` (`word`, `spacing` or `audio_event`) and, when asked to `diarize`,
    /// `speaker_id`. Spacing and tagged sounds are left out: Ozen's own sound alerts hear those.
    /// Nil when it is not such an answer (no `text`).
    public static func elevenLabs(_ data: Data) -> CloudTranscript? {
        guard let object = try? JSONSerialization.jsonObject(with: data) as? [String: Any],
              let text = object["text"] as? String else { return nil }
        let said = (object["words"] as? [[String: Any]] ?? []).compactMap { item -> Said? in
            guard (item["type"] as? String ?? "word") == "word", let word = item["text"] as? String else { return nil }
            return Said(word: word, start: number(item["start"]), end: number(item["end"]),
                        speaker: item["speaker_id"] as? String)
        }
        return CloudTranscript(text: text, said: said)
    }
}

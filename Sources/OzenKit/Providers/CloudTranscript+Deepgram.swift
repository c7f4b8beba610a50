import Foundation

extension CloudTranscript {
    /// Deepgram's pre-recorded answer (`POST /v1/listen`, as its API reference gives it):
    /// `results.channels[0].alternatives[0]` holds `transcript` and `words`, each with `word`,
    /// `punctuated_word` (with `smart_format`), `start` and `end` (seconds from the start of the
    /// audio sent) and, when asked to `diarize`, `speaker` (0, 1, …). Nil when it is not such an
    /// answer.
    public static func deepgram(_ data: Data) -> CloudTranscript? {
        guard let object = try? JSONSerialization.jsonObject(with: data) as? [String: Any],
              let results = object["results"] as? [String: Any],
              let channel = (results["channels"] as? [[String: Any]])?.first,
              let best = (channel["alternatives"] as? [[String: Any]])?.first,
              let text = best["transcript"] as? String else { return nil }
        let said = (best["words"] as? [[String: Any]] ?? []).compactMap { item -> Said? in
            guard let word = (item["punctuated_word"] as? String) ?? (item["word"] as? String) else { return nil }
            return Said(word: word, start: number(item["start"]), end: number(item["end"]),
                        speaker: number(item["speaker"]).map { "\(Int($0))" })
        }
        return CloudTranscript(text: text, said: said)
    }
}

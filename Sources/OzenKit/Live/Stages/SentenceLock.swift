/// While someone keeps talking without a pause, a sentence whose every word has settled
/// (two passes agree on it) and after which more was said is locked as a line at once, and
/// later passes start after it. Without this a 25 s monologue is re-decoded whole by every
/// pass and its lines lock seconds late (whisper_streaming trims its buffer the same way).
///
/// Only in an utterance that holds `LiveSettings.lockSentencesAfter` of audio (see there).
struct SentenceLock {
    /// The index of the sentence's last word among the pass's words.
    let last: Int
    /// Where the sentence ends (a sample).
    let endSample: Int
    /// Where the next passes start (a sample).
    let resumeSample: Int

    /// The sentence to lock in a live pass's `transcript` of the utterance from `utteranceStart`
    /// (`settled` and `shown`: the stabilizer's words after it), if one is finished.
    init?(in transcript: Transcript, settled: [String], shown: [String], utteranceStart: Int, fed: Int,
          settings: LiveSettings) {
        let rate = Double(MonoAudio.speechRate)
        guard Double(fed - utteranceStart) >= settings.lockSentencesAfter * rate,
              settled.count >= 2, transcript.words.count == shown.count,
              let last = settled.indices.last(where: { $0 < shown.count - 1 && SentenceEnd.endsSentence(settled[$0]) }) else {
            return nil
        }
        let endSample = utteranceStart + Int(transcript.words[last].end * rate)
        // Token times are estimates: the next passes start at the sentence's last word, and its
        // repetition is dropped from their head (see `PassCleanup`).
        let resumeSample = utteranceStart + Int(transcript.words[last].start * rate)
        guard endSample > utteranceStart, endSample < fed, resumeSample > utteranceStart else { return nil }
        self.last = last
        self.endSample = endSample
        self.resumeSample = resumeSample
    }
}

/// Final-pass timing in the quiet (`LiveSettings.finalAfterQuiet`, dictation's): once the
/// speaker has been quiet that long, the open utterance's final pass runs on the audio the
/// cutter would close it with (its voice and tail, as far as fed); if the utterance then
/// closes with no more voice, that result is its final pass.
struct FinalInQuiet {
    let settings: LiveSettings
    let rate = Double(MonoAudio.speechRate)
    /// The open utterance's final pass run in the quiet after its voice: its start and the end
    /// of its voice, and what it gave.
    private var early: (start: Int, voiceEnd: Int, pass: PassDecoder.Pass)?

    init(settings: LiveSettings) { self.settings = settings }

    /// The audio (samples `start` to `end`) to run the open utterance's final pass on, when
    /// its speaker has been quiet long enough and it has not run on this voice yet; else nil.
    func due(cutter: UtteranceCutter, heardThrough: Int, fed: Int) -> (start: Int, end: Int)? {
        guard let quiet = settings.finalAfterQuiet, cutter.hasEnoughVoice, let start = cutter.openUtteranceStart,
              Double(heardThrough - cutter.lastVoiceEndSample) >= quiet * rate,
              early.map({ $0.start != start || $0.voiceEnd != cutter.lastVoiceEndSample }) ?? true else { return nil }
        return (start, min(fed, cutter.lastVoiceEndSample + Int(settings.cutter.tail * rate)))
    }

    /// The final pass ran on the utterance from `start` whose voice ends at `voiceEnd`.
    mutating func ran(_ pass: PassDecoder.Pass, start: Int, voiceEnd: Int) {
        early = (start, voiceEnd, pass)
    }

    /// The pass run in the quiet, if it ran on the same audio as `utterance` closed with (the
    /// quiet reached the tail with no more voice).
    func pass(for utterance: UtteranceCutter.Utterance) -> PassDecoder.Pass? {
        guard let early, early.start == utterance.start, early.voiceEnd == utterance.voiceEnd else { return nil }
        return early.pass
    }

    /// The utterance closed: what ran in its quiet is spent either way.
    mutating func forget() {
        early = nil
    }
}

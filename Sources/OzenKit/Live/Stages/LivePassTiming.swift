/// Pass timing: whether a live pass on the open utterance is due now.
///
/// At most one pass runs at a time and a live pass that is not due is skipped, never queued,
/// so latency cannot grow on a slow CPU: it gets fewer live passes. A pass is due once the
/// open utterance has enough voice, the last pass ended at least `minimumPassGap` ago (or
/// `passCostFactor` times what it cost, if more), at least that much new audio came, and the
/// speaker is not already quiet (`quietBeforeFinal`: the final pass is about to be due).
struct LivePassTiming {
    let settings: LiveSettings
    let rate = Double(MonoAudio.speechRate)
    private var lastPassEnd = -Double.infinity
    private var lastPassCost = 0.0
    private var lastPassAudioEnd = 0

    init(settings: LiveSettings) { self.settings = settings }

    /// Where the open utterance starts (a sample) when a live pass on it is due at `now`;
    /// nil when none is. `fed` is the audio fed so far, `heardThrough` where framing got to.
    func dueStart(cutter: UtteranceCutter, now: Double, fed: Int, heardThrough: Int) -> Int? {
        guard settings.livePasses, cutter.hasEnoughVoice, let start = cutter.openUtteranceStart else { return nil }
        let gap = max(settings.minimumPassGap, settings.passCostFactor * lastPassCost)
        guard now - lastPassEnd >= gap,
              Double(fed - lastPassAudioEnd) >= settings.minimumPassGap * rate,
              Double(heardThrough - cutter.lastVoiceEndSample) < settings.quietBeforeFinal * rate else { return nil }
        return start
    }

    /// A live pass ran at `now`, cost `cost` on the pipeline's clock, and decoded up to `audioEnd`.
    mutating func passRan(cost: Double, endedAt now: Double, audioEnd: Int) {
        lastPassCost = cost
        lastPassEnd = now
        lastPassAudioEnd = audioEnd
    }

    /// A live pass was shed or cancelled at `now`: the next is tried a gap later.
    mutating func passSkipped(at now: Double) {
        lastPassEnd = now
    }

    /// An utterance opened at `start`: its new audio counts from there.
    mutating func utteranceOpened(at start: Int) {
        lastPassAudioEnd = start
    }
}

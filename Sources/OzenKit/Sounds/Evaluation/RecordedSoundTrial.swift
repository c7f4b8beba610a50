/// One trial of the sound alerts kept as the classifier heard it: every window's scores for
/// the classes the kinds listen to, so the alert policy can be replayed over it with other
/// numbers (`SoundThresholdSearch`) without running the classifier again.
public struct RecordedSoundTrial: Sendable {
    public struct Window: Sendable {
        /// Where the window ends in the trial's audio (seconds).
        public var end: Double
        /// Scores in the order of the recording's `classNames`.
        public var scores: [Float]
        /// The longest steady tone heard since the window before, ms (`StableTone`).
        public var tone: Double
        /// The alarm rhythm heard since the window before (`AlarmRhythm`).
        public var rhythm: AlarmRhythm.Pattern?

        public init(end: Double, scores: [Float], tone: Double = 0, rhythm: AlarmRhythm.Pattern? = nil) {
            self.end = end
            self.scores = scores
            self.tone = tone
            self.rhythm = rhythm
        }
    }

    /// "doorbell-dingdong.wav at -10 dB in jfk/jfk.wav".
    public var name: String
    /// The alert recording laid in ("doorbell-dingdong.wav"); nil for plain talk.
    public var recording: String?
    /// The kind laid in (nil: a sound that must raise nothing, or plain talk).
    public var expected: String?
    /// The sound's loudness against the speech (nil for plain talk).
    public var levelDB: Double?
    public var soundStart: Double
    public var soundEnd: Double
    public var windowSeconds: Double
    public var windows: [Window]
    /// Seconds from one window to the next.
    public var hopSeconds: Double

    public init(name: String, recording: String? = nil, expected: String?, levelDB: Double?, soundStart: Double,
                soundEnd: Double, windowSeconds: Double, windows: [Window], hopSeconds: Double = SoundWatch.standardHopSeconds) {
        self.hopSeconds = hopSeconds
        self.name = name
        self.recording = recording
        self.expected = expected
        self.levelDB = levelDB
        self.soundStart = soundStart
        self.soundEnd = soundEnd
        self.windowSeconds = windowSeconds
        self.windows = windows
    }

    /// The alerts `kinds` raise over this trial, judged as `SoundTrial` judges a live run.
    public func replay(kinds: [SoundKind], classNames: [String]) -> SoundTrial {
        var policy = SoundAlertPolicy(classNames: classNames, kinds: kinds, hopSeconds: hopSeconds)
        var alerts: [SoundAlertEvent] = []
        for window in windows {
            alerts += policy.observe(window.scores, tone: window.tone, rhythm: window.rhythm, windowStart: window.end - windowSeconds, windowEnd: window.end)
        }
        return SoundTrial(expected: expected, soundStart: soundStart, soundEnd: soundEnd, alerts: alerts)
    }
}

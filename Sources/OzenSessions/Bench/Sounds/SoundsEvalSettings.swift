import OzenKit

/// What `ozen sounds eval` lays into what, and how it reports.
public struct SoundsEvalSettings: Sendable {
    /// The recordings and talk used: `tune` to choose numbers, `report` to quote them.
    public var half: AlertRecording.Half
    /// Each sound's loudness against the speech, in dB.
    public var levels: [Double]
    /// How long the plain talk is looped to.
    public var minutes: Double
    /// How long the half's music (alone, then under its talk) is looped to; 0: not heard.
    public var musicMinutes = 30.0
    /// The recordings folder (`FixturesFolder.checked`).
    public var folder: String
    /// `--only FILE`: these alert recordings alone (all of the half when empty).
    public var only: [String]
    /// Choose every kind's numbers on the tune half instead of reporting.
    public var tune: Bool
    /// The report as JSON.
    public var json: Bool
    /// The network that hears the sounds (with its own numbers for every kind).
    public var tagger: SoundTagger
    /// The rate the trials are fed at: 16 000 (what the phone's protocol brings; EfficientAT
    /// then gets it upsampled) or 32 000 (a microphone's audio brought down once, the sound
    /// recordings' own 32 kHz copies; the speech, recorded at 16 kHz, upsampled).
    public var feedRate: Int
    /// EfficientAT's window in seconds (nil: its standard one).
    public var windowSeconds: Double?
    /// EfficientAT also scores the last this many seconds of each window alone (nil: not).
    public var recentSeconds: Double?
    /// Seconds from one window to the next (`SoundWatch.standardHopSeconds` unless `--hop`).
    public var hopSeconds = SoundWatch.standardHopSeconds
    /// `--on-grid`: every sound laid in exactly 2 s in, as the eval did before 2026-12-07, for a
    /// figure beside the old ones (otherwise each begins a different eighth of a hop later).
    public var onGrid = false
    /// Seconds each sound's start is spread over (`SoundsEval.forEachMix`): the tagger's hop,
    /// or nil `onGrid`.
    var spread: Double? { onGrid ? nil : hopSeconds }
    /// `--tune` may also judge a kind's classes against what the tune half's talk gave them.
    public var againstTalk = false
    /// `--retune`: choose the numbers on the tune half with these settings, then report with them.
    public var retune = false
    /// `--ceiling`: choose the numbers on the half reported itself (an upper bound, not a result).
    public var ceiling = false

    public init(half: AlertRecording.Half, levels: [Double], minutes: Double, folder: String, only: [String], tune: Bool, json: Bool,
                tagger: SoundTagger = .standard, feedRate: Int = MonoAudio.speechRate, windowSeconds: Double? = nil, recentSeconds: Double? = nil) {
        self.windowSeconds = windowSeconds
        self.recentSeconds = recentSeconds
        self.tagger = tagger
        self.feedRate = feedRate
        self.half = half
        self.levels = levels
        self.minutes = minutes
        self.folder = folder
        self.only = only
        self.tune = tune
        self.json = json
    }
}

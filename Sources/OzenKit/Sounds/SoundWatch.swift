/// Listens to every piece of input for the sounds she cannot hear and raises `.sound` events.
///
/// Keeps the last window of audio (YAMNet: 0.98 s, EfficientAT: 2 s) and classifies it every
/// 0.48 s: YAMNet's own hop, about half its window, so each moment of sound is heard in two
/// windows and a 1 s ding-dong is never cut in half by both. EfficientAT keeps it too: at
/// 0.24 s (`ozen sounds eval --hop 0.24`, numbers chosen again on the tune half) sounds were
/// told 0.24 s sooner on the report half (median 1.20 s against 1.44 s), a few more were
/// found (62 % of the real recordings against 60 % at 0 dB), but sounds that must raise
/// nothing raised 6 alerts instead of none, plain talk 14 instead of 8 (11 of them knocks), and
/// it cost 3.6 % of a core instead of 2.0–2.5 %
/// (`ozen sounds eval --feed 32000 --hop 0.24 --retune --against-talk`).
/// The scores go through `SoundAlertPolicy`. It hears audio whether or not anyone speaks, so
/// a doorbell during talk or during silence is heard alike.
///
/// Audio comes at `inputRate` (16 kHz from the caption pipeline, 32 kHz where the source had
/// it); a classifier that wants another rate (EfficientAT: 32 kHz) gets it through a
/// `StreamingResampler`, each sample converted once.
public final class SoundWatch: AudioListener {
    /// Seconds from one window to the next, unless the watch is given another (`ozen sounds
    /// eval --hop` tries others).
    public static let standardHopSeconds = 0.48
    public let hopSeconds: Double

    public let classifier: any SoundClassifier
    public private(set) var policy: SoundAlertPolicy
    /// Windows classified so far.
    public private(set) var windowsHeard = 0
    /// Sees every window's scores, its end (seconds), the longest steady tone heard since the
    /// window before (ms) and the alarm rhythm heard since then: for `ozen sounds hear
    /// --scores`, the tool that tunes thresholds and records score fixtures.
    public var onScores: (([Float], Double, Double, AlarmRhythm.Pattern?) -> Void)?
    /// Listens for steady tones in the classifier's audio between windows.
    private var tone: StableTone
    /// Finds the sounds she taught in the same audio, frame by frame rather than window by
    /// window (nil when she has taught none).
    private var taught: TaughtSoundMatcher?
    /// Where one of her sounds was just found: until `until` (seconds of the stream) what the
    /// tagger raises at `priority` or under is that same sound heard twice, and is dropped.
    private var taughtHeard: (from: Double, until: Double, priority: Int)?

    private let windowLength: Int
    private let hopLength: Int
    /// The classifier's sample rate, which the buffer and every count below are in.
    private let rate: Int
    public let inputRate: Int
    private var resampler: StreamingResampler?
    /// The most recent audio, at most one window; `bufferEnd` is its end in samples of the stream.
    private var buffer: [Float] = []
    private var bufferEnd = 0
    private var nextWindowEnd: Int

    public init(classifier: any SoundClassifier, muted: Set<String> = [], kinds: [SoundKind]? = nil,
                inputRate: Int = MonoAudio.speechRate, hopSeconds: Double = standardHopSeconds, taught: [TaughtSound] = []) {
        self.classifier = classifier
        self.taught = taught.isEmpty ? nil : TaughtSoundMatcher(sounds: taught, rate: classifier.sampleRate)
        self.hopSeconds = hopSeconds
        self.policy = SoundAlertPolicy(classNames: classifier.classNames, kinds: kinds ?? classifier.tagger.kinds, muted: muted,
                                       hopSeconds: hopSeconds)
        rate = classifier.sampleRate
        self.inputRate = inputRate
        if inputRate != rate { resampler = StreamingResampler(from: inputRate, to: rate) }
        windowLength = Int((classifier.windowSeconds * Double(rate)).rounded())
        hopLength = Int((hopSeconds * Double(rate)).rounded())
        nextWindowEnd = windowLength
        tone = StableTone(rate: rate)
    }

    /// The sounds she taught changed while it listens (the page's "Teach a sound", or one she
    /// forgot): from the next piece on it listens for `sounds` instead.
    public func listen(for sounds: [TaughtSound]) {
        taught = sounds.isEmpty ? nil : TaughtSoundMatcher(sounds: sounds, rate: classifier.sampleRate)
    }

    /// Hears the next piece of audio, `inputRate` samples a second, which begins `start`
    /// seconds into the stream.
    public func hear(_ input: [Float], start: Double, emit: (CaptionEvent) -> Void) throws {
        try heard(resampler?.push(input) ?? input, start: start, emit: emit)
    }

    /// A microphone's stream brings its own 32 kHz copy: a classifier at that rate hears it
    /// instead of the 16 kHz audio brought back up (from the first piece that has one on).
    public func hear(_ input: [Float], wide: [Float], start: Double, emit: (CaptionEvent) -> Void) throws {
        if rate == LiveAudioInbox.wideRate && inputRate != rate && (hearsWide || (buffer.isEmpty && bufferEnd == 0 && !wide.isEmpty)) {
            hearsWide = true
            try heard(wide, start: start, emit: emit)
        } else {
            try hear(input, start: start, emit: emit)
        }
    }

    /// A whole recording fed as a live stream brings it, in 100 ms pieces (`inputRate`), with
    /// the same stretch of `wide` (its 32 kHz copy, when it has one) beside each, then finished.
    public func hearStream(_ samples: [Float], wide: [Float] = [], emit: (CaptionEvent) -> Void) throws {
        let piece = inputRate / 10
        var start = 0
        while start < samples.count {
            let end = min(samples.count, start + piece)
            let wideRange = min(wide.count, start * LiveAudioInbox.wideRate / inputRate)..<min(wide.count, end * LiveAudioInbox.wideRate / inputRate)
            try hear(Array(samples[start..<end]), wide: Array(wide[wideRange]), start: Double(start) / Double(inputRate), emit: emit)
            start = end
        }
        try finish(emit: emit)
    }

    /// Whether this stream's audio comes as its wide copy.
    public private(set) var hearsWide = false

    private func heard(_ samples: [Float], start: Double, emit: (CaptionEvent) -> Void) throws {
        let rate = Double(self.rate)
        let startSample = Int((start * rate).rounded())
        if buffer.isEmpty && bufferEnd == 0 && startSample > 0 {
            // Joined a stream already under way: windows start where the audio does.
            bufferEnd = startSample
            nextWindowEnd = startSample + windowLength
        }
        if taught != nil {
            for alert in taught!.push(samples, start: start) {
                heardTaught(alert)
                emit(.sound(alert))
            }
        }
        var offset = 0
        while offset < samples.count {
            let take = min(samples.count - offset, nextWindowEnd - bufferEnd)
            buffer.append(contentsOf: samples[offset..<(offset + take)])
            tone.push(samples[offset..<(offset + take)])
            offset += take
            bufferEnd += take
            if buffer.count > windowLength { buffer.removeFirst(buffer.count - windowLength) }
            if bufferEnd == nextWindowEnd {
                try classifyWindow(emit: emit)
                nextWindowEnd += hopLength
            }
        }
    }

    /// A stream that ended before its first full window (a clip under 0.96 s) is still heard
    /// once, its window padded with silence at the front.
    public func finish(emit: (CaptionEvent) -> Void) throws {
        guard windowsHeard == 0, !buffer.isEmpty else { return }
        buffer = [Float](repeating: 0, count: windowLength - buffer.count) + buffer
        try classifyWindow(emit: emit)
    }

    private func classifyWindow(emit: (CaptionEvent) -> Void) throws {
        let rate = Double(self.rate)
        let scores = try classifier.classify(buffer)
        windowsHeard += 1
        let end = Double(bufferEnd) / rate
        let toneLasted = tone.takeLongest(), rhythm = tone.takeRhythm()
        onScores?(scores, end, toneLasted, rhythm)
        for alert in policy.observe(scores, tone: toneLasted, rhythm: rhythm, windowStart: max(0, end - Double(windowLength) / rate), windowEnd: end) {
            if let heard = taughtHeard, alert.priority <= heard.priority, alert.start < heard.until, alert.end > heard.from { continue }
            emit(.sound(alert))
        }
    }

    /// Her doorbell found by its landmarks is often a phone or a chime to the tagger a moment
    /// later (EfficientAT called a taught ding-dong "Phone ringing" 1–2 s after it was named):
    /// her name for it stands, and the tagger's guess at the same sound is dropped, unless it is
    /// more urgent than hers (a smoke alarm during her doorbell is still a smoke alarm). The
    /// sound lasts as long as the longest recording she taught it from; a second on either side
    /// covers the tagger's 2 s window reaching over it.
    private func heardTaught(_ alert: SoundAlertEvent) {
        let lasts = taught?.sounds.first { $0.name == alert.className }?.prints.map(\.seconds).max() ?? 0
        let from = alert.start - 1, until = max(alert.end, alert.start + lasts) + 1
        if let heard = taughtHeard, heard.until > from {
            taughtHeard = (min(heard.from, from), max(heard.until, until), max(heard.priority, alert.priority))
        } else {
            taughtHeard = (from, until, alert.priority)
        }
    }
}

/// Decides where utterances begin and end from per-frame voice decisions: an utterance opens
/// on voice, closes after a pause, and is cut at most every `maximumLength` at the quietest
/// point of its last `quietSearch` seconds.
///
/// Positions are in samples at 16 kHz. The numbers are in `Settings`, each with what chose it.
public struct UtteranceCutter: Sendable {
    public struct Settings: Sendable, Equatable {
        /// Silence that ends an utterance, in seconds. Chosen with the replay tool on the
        /// pyannote two-person call (see `CaptionTuning` in the README): 0.5 s. At 0.4 the
        /// five-person table's words were no sooner final (1.57 and 1.73 s after the speech,
        /// median, against 1.57 and 1.46 s; `OZEN_PAUSE=0.4 ozen bench accuracy --table
        /// --realtime-only`, alternated with the default, 2026-12-03).
        public var pauseToClose: Double = 0.5
        /// Voice needed before an utterance counts (a cough or a click is not speech).
        public var minimumVoice: Double = 0.25
        /// Audio kept before the first voiced frame, for the onset Silero decides on late.
        public var leadIn: Double = 0.3
        /// How much earlier than Silero's first voiced frame an utterance may begin, over audio
        /// clearly louder than the quiet before it (`onsetAboveQuiet`). Silero hears a soft
        /// onset late, or not at all: on the pyannote call's telephone voices it missed
        /// "Oh, I'm originally" (1.4 s at -35 dBFS, the table's seed 1) and "Well," (0.5 s at
        /// -32 dBFS, seeds 2 and 3), so the words were never decoded, while the lead-in alone is
        /// too short to hold them. 1.5 s holds the longest such stretch found. With it the
        /// table's locked lines on seeds 1, 2, 3, 4 and 7 had 87 of 910 words wrong against 98
        /// (`ozen bench accuracy --table --file-only --seed N`, 2026-12-03); the clips, 8 of 114
        /// either way.
        public var earlierOnset: Double = 1.5
        /// How much louder than the quiet of the last seconds (as mean square: 16 is 12 dB) a
        /// frame must be to count as the start of speech Silero heard late.
        public var onsetAboveQuiet: Float = 16
        /// ... and how much quieter than the first frame Silero heard it may be at most (32 is
        /// 15 dB). JFK's pauses (-38…-43 dBFS in 32 ms frames, his words -8…-30) stay out of his
        /// phrases; the call's soft "Well," (-31…-34) is 7 dB under the words after it.
        public var onsetBelowVoice: Float = 32
        /// Audio kept after the last voiced frame.
        public var tail: Double = 0.25
        /// Longest utterance before a forced cut; under Whisper's 30 s window.
        public var maximumLength: Double = 28
        /// How far back from the limit the quietest point is searched for.
        public var quietSearch: Double = 2
        public init() {}
        public static let `default` = Settings()
    }

    public struct Utterance: Sendable, Equatable {
        public var start: Int
        public var end: Int
        /// Samples of detected voice (without lead-in and tail).
        public var voiceStart: Int
        public var voiceEnd: Int
        public var endedBy: Ending
    }

    public enum Ending: Sendable, Equatable { case pause, length, endOfAudio }

    public enum Event: Sendable, Equatable {
        case opened(start: Int)
        case closed(Utterance)
        /// Voice too short to be speech; no pass should run on it.
        case discarded(start: Int, end: Int)
    }

    public let settings: Settings
    let rate = 16_000.0

    private var openStart: Int?
    private var voiceStart = 0
    private var lastVoiceEnd = 0
    private var voicedSamples = 0
    /// (frame start, energy) of the open utterance's recent frames, for the quietest-point search.
    private var recentFrames: [(start: Int, energy: Float, voice: Bool)] = []
    /// (frame start, energy) of the frames before the current one, for an onset heard late.
    private var history: [(start: Int, energy: Float)] = []
    /// Where the last utterance ended: an earlier onset never reaches back into it.
    private var lastClosedEnd = 0

    public init(settings: Settings = .default) { self.settings = settings }

    public var isOpen: Bool { openStart != nil }
    public var openUtteranceStart: Int? { openStart }
    /// Where the voice of the open utterance began (after its lead-in).
    public var openVoiceStart: Int? { openStart == nil ? nil : voiceStart }
    /// Whether the open utterance has enough voice to be worth a pass.
    /// Where the last voiced frame ended (a sample).
    public var lastVoiceEndSample: Int { lastVoiceEnd }
    public var hasEnoughVoice: Bool { Double(voicedSamples) >= settings.minimumVoice * rate }

    /// Feeds one frame starting at sample `start`, `length` long; `energy` is its mean square.
    public mutating func frame(start: Int, length: Int, isVoice: Bool, energy: Float) -> [Event] {
        var events = [Event]()
        let end = start + length
        defer {
            history.append((start, energy))
            let keepFrom = end - Int((settings.earlierOnset + 2) * rate)
            if let first = history.first, first.start < keepFrom { history.removeAll { $0.start < keepFrom } }
        }
        if isVoice {
            if openStart == nil {
                let onset = earlierOnset(before: start, voiceEnergy: energy)
                let from = max(0, lastClosedEnd, onset - Int(settings.leadIn * rate))
                openStart = from
                voiceStart = onset
                voicedSamples = 0
                recentFrames = []
                events.append(.opened(start: from))
            }
            lastVoiceEnd = end
            voicedSamples += length
        }
        guard let open = openStart else { return events }
        recentFrames.append((start, energy, isVoice))
        let keep = Int(settings.quietSearch * rate) / max(1, length) + 1
        if recentFrames.count > keep { recentFrames.removeFirst(recentFrames.count - keep) }

        if !isVoice, Double(end - lastVoiceEnd) >= settings.pauseToClose * rate {
            events.append(close(at: min(end, lastVoiceEnd + Int(settings.tail * rate)), ending: .pause))
        } else if Double(end - open) >= settings.maximumLength * rate {
            // Cut at the quietest frame of the last seconds; the rest opens the next utterance.
            let quietest = recentFrames.min { $0.energy < $1.energy }!
            let cut = quietest.start + length / 2
            events.append(close(at: cut, ending: .length))
            openStart = cut
            recentFrames = recentFrames.filter { $0.start >= cut }
            // Only the voice after the cut counts for the new utterance: a cut that lands in a
            // pause must not turn the silence after it into "speech" (found by UtteranceCutterTests).
            let voiced = recentFrames.filter(\.voice)
            voicedSamples = voiced.count * length
            voiceStart = voiced.first?.start ?? cut
            events.append(.opened(start: cut))
        }
        return events
    }

    /// Moves the start of the open utterance back to `sample`: after a forced cut, the words
    /// after the last finished sentence are decoded again with what follows them.
    public mutating func reopen(from sample: Int) {
        guard let open = openStart, sample < open else { return }
        openStart = sample
        voiceStart = sample
        voicedSamples += open - sample
    }

    /// Moves the start of the open utterance forward to `sample`: a finished sentence before
    /// it has been locked as a line, and passes need not decode it again.
    public mutating func advance(to sample: Int) {
        guard let open = openStart, sample > open else { return }
        openStart = sample
        voiceStart = max(voiceStart, sample)
        voicedSamples = max(0, min(voicedSamples, lastVoiceEnd - sample))
        recentFrames = recentFrames.filter { $0.start >= sample }
    }

    /// The audio ended: closes what is open.
    public mutating func finish(at end: Int) -> [Event] {
        guard openStart != nil else { return [] }
        return [close(at: min(end, lastVoiceEnd + Int(settings.tail * rate)), ending: .endOfAudio)]
    }

    /// Where speech that Silero first hears at `start` began: walking back over the frames
    /// before it while they stay `onsetAboveQuiet` over the quiet of the last seconds and
    /// within `onsetBelowVoice` of the voiced frame's `voiceEnergy` (a dip of up to three frames
    /// between words is crossed), at most `earlierOnset` seconds, and never into the last
    /// utterance. `start` itself when the frames before it are quiet.
    func earlierOnset(before start: Int, voiceEnergy: Float) -> Int {
        guard !history.isEmpty else { return start }
        // The quiet: the tenth-quietest in a hundred, so that one silent frame (a recording's
        // digital silence at its start) does not make every murmur loud.
        let quiet = history.map(\.energy).sorted()[history.count / 10]
        let loud = max(max(quiet, 1e-9) * settings.onsetAboveQuiet, voiceEnergy / settings.onsetBelowVoice)
        let earliest = max(lastClosedEnd, start - Int(settings.earlierOnset * rate))
        var onset = start, quietInARow = 0
        for frame in history.reversed() {
            guard frame.start >= earliest else { break }
            if frame.energy >= loud {
                onset = frame.start
                quietInARow = 0
            } else {
                quietInARow += 1
                if quietInARow > 3 { break }
            }
        }
        return onset
    }

    private mutating func close(at end: Int, ending: Ending) -> Event {
        let start = openStart!
        openStart = nil
        lastClosedEnd = max(start, end)
        if !hasEnoughVoice && ending != .length {
            return .discarded(start: start, end: end)
        }
        return .closed(Utterance(start: start, end: max(end, start), voiceStart: voiceStart,
                                 voiceEnd: min(lastVoiceEnd, end), endedBy: ending))
    }
}

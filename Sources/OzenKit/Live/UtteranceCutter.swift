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
        if isVoice {
            if openStart == nil {
                let from = max(0, start - Int(settings.leadIn * rate))
                openStart = from
                voiceStart = start
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

    private mutating func close(at end: Int, ending: Ending) -> Event {
        let start = openStart!
        openStart = nil
        if !hasEnoughVoice && ending != .length {
            return .discarded(start: start, end: end)
        }
        return .closed(Utterance(start: start, end: max(end, start), voiceStart: voiceStart,
                                 voiceEnd: min(lastVoiceEnd, end), endedBy: ending))
    }
}

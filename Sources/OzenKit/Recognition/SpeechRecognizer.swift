/// A word and where in the decoded audio it was said (seconds from the audio's start).
/// Whisper's token timestamps are estimates, good to a few hundred milliseconds.
public struct TimedWord: Sendable, Equatable {
    public var text: String
    public var start: Double
    public var end: Double
    public init(text: String, start: Double, end: Double) {
        self.text = text
        self.start = start
        self.end = end
    }
}

/// What the recognizer heard in a piece of audio.
public struct Transcript: Sendable, Equatable {
    public var text: String
    /// Mean probability of the text tokens (0…1), nil when there were none.
    public var confidence: Double?
    /// The language the recognizer decoded in (the pinned one, or the detected one for `auto`).
    public var language: String
    /// Mean natural-log probability of the text tokens (Whisper's `avg_logprob`).
    public var averageLogProbability: Double?
    /// Probability that the audio holds no speech at all (Whisper's no-speech token).
    public var noSpeechProbability: Double?
    /// The words with their times, when the recognizer can tell (empty otherwise).
    public var words: [TimedWord] = []
    /// The pass's pieces with Whisper's measures of each (empty when the recognizer has none).
    public var segments: [PassSegment] = []

    public init(text: String, confidence: Double?, language: String,
                averageLogProbability: Double? = nil, noSpeechProbability: Double? = nil) {
        self.text = text
        self.confidence = confidence
        self.language = language
        self.averageLogProbability = averageLogProbability
        self.noSpeechProbability = noSpeechProbability
    }
}

/// How a pass decodes: live passes are greedy and cheap, the final pass may search wider.
public struct DecodingOptions: Sendable, Equatable {
    public var language: SpokenLanguage
    /// 1 = greedy; more = beam search with that many beams.
    public var beamSize: Int
    /// Text the recognizer is primed with (names, the settled words before this audio).
    public var prompt: String?
    /// Whisper's temperature fallback: when a decode looks wrong (repetitive, improbable) it is
    /// redone at rising temperatures with 5 sampled candidates each. The live pipeline goes
    /// without: on a live pass it turned a 0.4 s pass into 10–16 s on a 1.7 s clip, and on final
    /// passes its random sampling made results change from run to run (one LibriVox final came
    /// out as its sentence looped four times). Loops are trimmed and doubtful lines marked instead.
    public var allowsFallback: Bool
    /// Encoder frames beyond the audio's own (50 a second) for this pass; nil: the recognizer's
    /// own setting; 0: Whisper's full 30 s window. Final passes give the encoder more room than
    /// live ones (see `LiveSettings.finalAudioContextMargin`).
    public var audioContextMargin: Int?
    /// The encoder window in frames is at least this (nil: audio and margin alone). A short
    /// utterance then still gets room, at a bounded cost (`FinalPassChoices.minimumWindow`).
    public var minimumAudioContext: Int?
    /// Audio longer than one 30 s window is read window by window; true gives each window the
    /// text of the ones before as its prompt (Whisper's offline way, `condition_on_previous_text`).
    /// Only the offline reference decodes of `ozen bench accuracy` use it.
    public var promptsWithEarlierWindows: Bool = false
    /// Whisper's translate task: the speech is decoded in `language` and written in English
    /// (the interpreter's offline translator). The prompt then belongs in English too.
    public var translatesToEnglish: Bool = false
    /// A live pass of the caption pipeline (words that may still change), which a shared
    /// recognizer may shed when it is busy (`RecognizerSchedule`); false for finals and
    /// every offline decode.
    public var isLivePass: Bool = false
    /// CPU threads for this pass; nil: the recognizer's own setting. Two passes side by side
    /// on two cores take one each (`RecognizerSchedule`).
    public var threads: Int?
    /// When set, the pass stops as soon as this is cancelled and throws `PassCancelled`
    /// (live passes only: a final pass's words are always wanted).
    public var cancellation: PassCancellation?
    /// A decode nobody is waiting for (a locked line heard again, `LineCorrector`): it runs at
    /// the lowest CPU priority on its own thread and does not queue behind, or hold up, the
    /// pipeline's passes, so a busy computer spends its time on new words first. The calling
    /// thread stays lowered (an unprivileged thread cannot come back up): only a thread kept for
    /// such decodes may ask for it.
    public var runsInBackground: Bool = false

    public init(language: SpokenLanguage, beamSize: Int = 1, prompt: String? = nil, allowsFallback: Bool = true,
                audioContextMargin: Int? = nil) {
        self.language = language
        self.beamSize = beamSize
        self.prompt = prompt
        self.allowsFallback = allowsFallback
        self.audioContextMargin = audioContextMargin
    }
}

/// Turns 16 kHz mono audio into text. whisper.cpp is the real one (OzenEngines).
public protocol SpeechRecognizer: Sendable {
    func transcribe(_ samples: [Float], options: DecodingOptions) throws -> Transcript
    /// How many of the recognizer's tokens `text` takes (the prompt budget is in tokens).
    func tokenCount(_ text: String) -> Int
}

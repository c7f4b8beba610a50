/// The numbers of the live pipeline, each with what chose it.
public struct LiveSettings: Sendable, Equatable {
    public var language: SpokenLanguage
    /// Beam width of the final pass on a closed utterance (Whisper's default for final text).
    /// A narrower beam is cheaper but not as right: at 3 the five-person table's locked lines
    /// had 9.9 % of words wrong against 7.7 % at 5, LibriVox -0880 12.5 % against 0 and JFK
    /// 4.5 % against 0, for 67.2 against 83.1 CPU s per minute (`OZEN_FINAL_BEAM=N ozen bench
    /// accuracy --table --no-realtime` with the LibriVox clips and JFK, one run each, 2026-12-03).
    public var finalBeamSize: Int = 5
    /// Live passes are greedy: they are repeated anyway, and greedy is ~2× cheaper.
    public var liveBeamSize: Int = 1
    public var cutter: UtteranceCutter.Settings = .default
    /// Silence that ends a line, in seconds. An utterance closes at the cutter's shorter pause
    /// (0.5 s: its final pass runs then, so the text is final early) and its words stay in the
    /// open line; the line itself locks only once the silence reaches this. People at a table
    /// leave 0.8–1.2 s between turns and breathe for well under that inside a sentence: with
    /// lines ending at 0.5 s, JFK's "And so my fellow Americans" came out as three lines and a
    /// 21-turn table as 25–29. A value at or below the cutter's pause ends lines with utterances.
    public var linePause: Double = 0.75
    /// Encoder frames beyond the audio's own for final passes (nil: the recognizer's, 64). The
    /// 64-frame margin that keeps live passes cheap cuts words short in final passes (LibriVox
    /// -0880 locked as "ill-sposed"). Chosen with `ozen bench accuracy --table --clean-only
    /// --ablation --seed 1` (2026-12-05; digits said as words), which removes each difference
    /// between the final pass and the offline decode in turn: on the three clean tables (342
    /// words) 128 frames left 15 words wrong, 256 left 12 (as many as each turn decoded alone
    /// offline; the whole recording in one decode 15), Whisper's full window also 12 at 2.1×
    /// the CPU (71.7 against 33.8 s per audio minute), 512 and a window of at least 500 or 750
    /// frames 13; no other difference (prompt, fallback, silence around the utterance, the
    /// final-pass policy) gained more than a word. The table with the call: 19 of 182 at 256,
    /// 18 at 128 (`--file-only`); CPU 35.1 against 31.3 s per audio minute in file mode.
    public var finalAudioContextMargin: Int? = 256
    public var gate: HallucinationGate.Settings = .default
    /// Locked lines heard again with Whisper's full window and corrected in place (`LineCorrector`).
    public var corrections: CorrectionSettings = .default
    /// The differences between a final pass and the same model decoding the same audio with no
    /// time pressure, each of which `ozen bench accuracy --ablation` removes one at a time.
    /// The defaults are what captions run with.
    public var finalPass: FinalPassChoices = .default
    /// Lines whose mean token probability is below this are `uncertain` (shown with "?").
    /// On the English fixtures every correct line scored above 0.7.
    public var uncertainBelow: Double = 0.5
    /// Decode the open utterance again and again while it is spoken. Off = the baseline that
    /// decodes each utterance once, at its end (what `ozen bench latency` compares against).
    public var livePasses: Bool = true
    /// Once the speaker has been silent this long (s), no live pass starts: it would hear only
    /// the pause, and while it ran it would hold back the final pass due at the cutter's pause.
    public var quietBeforeFinal: Double = 0.2
    /// Once the speaker has been silent this long (s), the open utterance's final pass runs on
    /// what was said, before the cutter's pause closes it; if the utterance then closes with no
    /// more voice, that result is its final pass. nil: finals run when the utterance closes.
    /// Dictation sets it to the cutter's tail (0.25 s): she taps stop a moment after her last
    /// word, and the text is ready that much sooner. Captions leave it off: a breath of 0.25–0.5 s
    /// inside a sentence costs a beam-5 pass whose words are thrown away when the speaker goes
    /// on, and on the five-person table it moved the median settle time by nothing measurable
    /// (1.43 s against 1.42 s without, CPU 60.1 against 58.2 s per minute; one run each of
    /// `OZEN_FINAL_AFTER_QUIET=0.25 ozen bench accuracy --table`). Nor when the words shown
    /// final are timed rather than the line: 1.56 and 1.46 s against 1.53 and 1.65 s, CPU 69.0
    /// and 68.2 against 67.2 and 65.6 (`--realtime-only`, alternated, 2 rounds, 2026-12-03).
    public var finalAfterQuiet: Double?
    /// A settled sentence is locked mid-utterance (and later passes start after it) only once
    /// the open utterance holds this much audio (s); shorter ones wait for their final pass.
    /// Locking early split short turns at a full stop Whisper put mid-sentence and then heard
    /// the sentence's last words again: JFK with a names list came out "Ask what you can do. /
    /// who can do for your country."; the table's "There isn't that much difference at least,
    /// you know…" became two lines. Long monologues still lock, so passes stay short.
    public var lockSentencesAfter: Double = 8
    /// Shortest time between two live passes, and the least new audio a pass must bring (s).
    public var minimumPassGap: Double = 0.3
    /// After a live pass that cost `c` seconds the next waits at least `factor × c`, so live
    /// passes take at most half the CPU and a slow machine gets fewer passes, never a backlog.
    public var passCostFactor: Double = 1.0
    /// Whether final passes are primed with the end of the conversation's locked text (the
    /// lines before), as whisper_streaming and Whisper's offline decode do. Off: measured with
    /// `ozen bench accuracy --table --no-realtime`, the five-person table's locked lines had
    /// 11.0 % of words wrong with it and 7.7 % without (the same model offline: 10.4 % whole,
    /// 7.1 % each turn alone), since one person's words mislead the decode of the next; and
    /// `ozen bench dictate … --join --no-realtime` had 13.0 % against 1.6 % on a 60 s take that
    /// says a passage twice (offline 0.8 %): with the first saying in the prompt, Whisper skipped
    /// the second ("And so is not. Watch your…"). The line's own earlier words still prime it.
    public var primesFinalsWithConversation = false
    /// Characters of a line's earlier text given to the next pass as its prompt (whisper_streaming: ~200).
    public var promptCharacters: Int = 200
    /// Her names and words list (`$OZEN_HOME/words.txt`), read again whenever it changes, so
    /// an edit applies from the next utterance. nil: no list.
    public var wordsListPath: String?
    /// Words and names that raise an alert when said (her name first).
    public var keywords: [String] = []

    public init(language: SpokenLanguage = .default) { self.language = language }
    public static let `default` = LiveSettings()
}

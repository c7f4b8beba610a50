/// The knobs of Whisper and Silero, for benchmarks and tuning. The defaults of the first three
/// and of Silero's threshold live outside OzenKit (`WhisperRecognizer.Settings`,
/// `PipelineBuilder.voiceThreshold`); the final pass's come from `LiveSettings`.
extension Knob {
    /// CPU threads of one Whisper pass.
    public static let threads = Knob("OZEN_THREADS",
        meaning: "CPU threads of a Whisper pass.",
        rule: .wholeNumber(1...64, what: Phrase(hebrew: "מספר שלם", english: "a whole number")),
        defaultValue: "the CPU cores, at most 4")

    /// CPU threads of a live pass.
    public static let liveThreads = Knob("OZEN_LIVE_THREADS",
        meaning: "CPU threads of a live pass (the short greedy decodes of the words being spoken).",
        rule: .wholeNumber(1...64, what: Phrase(hebrew: "מספר שלם", english: "a whole number")),
        defaultValue: "half of OZEN_THREADS, at least 1")

    /// Encoder frames beyond a pass's audio.
    public static let audioContextMargin = Knob("OZEN_AUDIO_CONTEXT_MARGIN",
        meaning: "Encoder frames (50 a second) added to the audio's own in a pass (final passes have OZEN_FINAL_MARGIN); 0 = Whisper's full 30 s window.",
        rule: .wholeNumberFrom(0, what: Phrase(hebrew: "מספר שלם של מסגרות", english: "a whole number of frames")),
        defaultValue: "64")

    /// Encoder frames beyond the audio for final passes.
    public static let finalMargin = Knob("OZEN_FINAL_MARGIN",
        meaning: "Encoder frames added to the audio's own in a final pass; 0 = Whisper's full 30 s window.",
        rule: .wholeNumber(0...1500, what: Phrase(hebrew: "מספר מסגרות", english: "a number of frames")),
        defaultValue: LiveSettings.default.finalAudioContextMargin.map { "\($0)" } ?? "OZEN_AUDIO_CONTEXT_MARGIN's")

    /// Locked lines heard again (`LineCorrector`) or not.
    public static let noCorrections = Knob("OZEN_NO_CORRECTIONS",
        meaning: "Locked lines are not heard again with Whisper's full window and corrected in place (the benchmark's baseline).",
        rule: .one, defaultValue: "unset: locked lines are corrected")

    /// Only lines locked less sure than this are heard again.
    public static let correctBelow = Knob("OZEN_CORRECT_BELOW",
        meaning: "Only locked lines whose mean token probability is below this are heard again with the full window; the others keep their first words.",
        rule: .probability(0.1...1.0),
        defaultValue: "0.9")

    /// Audio before a line heard again with it.
    public static let correctContext = Knob("OZEN_CORRECT_CONTEXT",
        meaning: "Seconds of audio before a locked line that are heard with it when it is heard again; only the line's own words are replaced.",
        rule: .seconds(0...20),
        defaultValue: String(format: "%g s", CorrectionSettings.default.context))

    /// The final pass's beam width.
    public static let finalBeam = Knob("OZEN_FINAL_BEAM",
        meaning: "Beam width of the final pass on a closed utterance.",
        rule: .wholeNumber(1...8, what: Phrase(hebrew: "רוחב אלומה", english: "a beam width")),
        defaultValue: "\(LiveSettings.default.finalBeamSize)")

    /// Silero's threshold.
    public static let voiceThreshold = Knob("OZEN_VAD_THRESHOLD",
        meaning: "Silero's threshold: the voice probability over which a window counts as voice (voice ends 0.15 under it).",
        rule: .probability(0.1...0.9),
        defaultValue: "0.5")
}

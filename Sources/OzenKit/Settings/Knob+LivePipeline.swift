/// The knobs of the live pipeline (`LiveSettings`, `UtteranceCutter`), for the replay tool and
/// the benchmarks; their defaults are the pipeline's own.
extension Knob {
    /// The rule of every knob in seconds here.
    private static let secondsRule = KnobRule.seconds(0.1...5)
    /// The pipeline's own numbers, the knobs' defaults.
    private static let live = LiveSettings.default

    /// Silence that ends an utterance.
    public static let pause = Knob("OZEN_PAUSE",
        meaning: "Silence that ends an utterance, whose final pass then runs.",
        rule: secondsRule, defaultValue: "\(live.cutter.pauseToClose) s")

    /// Silence that ends a line.
    public static let linePause = Knob("OZEN_LINE_PAUSE",
        meaning: "Silence that ends a line; at or below OZEN_PAUSE, lines end with utterances.",
        rule: secondsRule, defaultValue: "\(live.linePause) s")

    /// Quiet after which the open utterance's final pass runs early.
    public static let finalAfterQuiet = Knob("OZEN_FINAL_AFTER_QUIET",
        meaning: "Quiet after which the open utterance's final pass runs, before the pause closes it.",
        rule: secondsRule,
        defaultValue: "off for captions; dictation: OZEN_TAIL (\(live.cutter.tail) s)")

    /// Audio an utterance keeps before its first voiced frame.
    public static let leadIn = Knob("OZEN_LEAD_IN",
        meaning: "Audio an utterance keeps before its first voiced frame.",
        rule: secondsRule, defaultValue: "\(live.cutter.leadIn) s")

    /// Audio an utterance keeps after its last voiced frame.
    public static let tail = Knob("OZEN_TAIL",
        meaning: "Audio an utterance keeps after its last voiced frame.",
        rule: secondsRule, defaultValue: "\(live.cutter.tail) s")

    /// The least time, and new audio, between two live passes.
    public static let passGap = Knob("OZEN_PASS_GAP",
        meaning: "The least time, and the least new audio, between two live passes.",
        rule: secondsRule, defaultValue: "\(live.minimumPassGap) s")

    /// The wait after a live pass as a multiple of its cost.
    public static let passCostFactor = Knob("OZEN_PASS_COST_FACTOR",
        meaning: "The wait after a live pass, as a multiple of what the pass cost.",
        rule: .number(0...10, what: Phrase(hebrew: "מספר", english: "a number")),
        defaultValue: KnobRule.figure(live.passCostFactor))

    /// `ozen serve`: live passes run out instead of giving their place to finals.
    public static let livePassesHold = Knob("OZEN_LIVE_PASSES_HOLD",
        meaning: "`ozen serve`: a live pass runs out instead of being cancelled when another stream's final needs its place (the benchmark's baseline).",
        rule: .one, defaultValue: "unset: live passes give way to finals")
}

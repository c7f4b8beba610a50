/// How locked lines are heard again (`LineCorrector`).
///
/// On a held-back four-voice table (232 words, 2026-12-06) the first locks lost four words to
/// the 256-frame final window ("ill-sposed", "string of hope", "compassion", a garbled clause)
/// that Whisper's full window got right: locked 6.0 % wrong against 4.3 % for each line decoded
/// alone. The correction is that decode, so corrected lines are each line alone by construction;
/// `ozen bench accuracy` reports both on tables the settings were not chosen on.
public struct CorrectionSettings: Sendable, Equatable {
    /// Whether locked lines are heard again at all (`OZEN_NO_CORRECTIONS=1` turns it off).
    public var enabled: Bool = true
    /// Encoder frames beyond the line's audio; 0: Whisper's full 30 s window, what the bench's
    /// offline decode uses and the only window that matched it on unseen speech.
    public var audioContextMargin: Int = 0
    /// Only lines whose first lock's mean token probability is below this are heard again
    /// (nil: every line). `OZEN_CORRECT_BELOW`. Chosen on the tables the other numbers were
    /// chosen on, in file mode (`ozen bench accuracy --table --file-only`, 2026-12-06): every
    /// line heard again put 10 of the clean tables' 342 words wrong and 15 of the call's 182
    /// (13 and 16 as first locked) at 104.8 and 96.4 CPU s per audio minute; below 0.9 the same
    /// 10 and 15 at 86.6 and 76.6; below 0.8, 13 and 15 at 63.9 and 63.2. Reported on the
    /// held-out table, which chose nothing.
    public var belowConfidence: Double? = 0.9
    /// Beam width, as offline.
    public var beamSize: Int = 5
    /// Audio kept either side of the line, as the bench's "each line alone" decode takes it.
    public var padding: Double = 0.3
    /// Seconds of audio before the line heard with it, so Whisper hears the words before it as
    /// offline decoding of the whole turn does; the splice keeps only the line's own words
    /// (`CorrectionSplice`). `OZEN_CORRECT_CONTEXT`. Tried at 5 s (2026-12-07, file mode): on
    /// the tables settings are chosen on a tie, 29 words wrong of 638 either way (clean tables
    /// 11 against 10 of 342, the call 14 against 15 of 182, long turns 4 and 4 of 114); on the
    /// held-out table 31 of 410 against 34. With a tie where it is chosen it stays off until a
    /// table nobody has looked at says so. These runs used a throwaway build that read the same
    /// stretch from another variable; `OZEN_CORRECT_CONTEXT=5 ozen bench accuracy` repeats them.
    /// The lines before as Whisper's prompt, tried in that build and not kept (no command here
    /// repeats it), tied on the tables (10, 14, 4) and put 37 of the held-out table's 410 wrong.
    public var context: Double = 0
    /// A line whose correction has not started this many seconds after it locked is left as it
    /// is: she has read it by then, and a computer that far behind needs its time for new words.
    public var staleAfter: Double = 12
    /// Lines waiting at most; beyond that the oldest is left uncorrected.
    public var waitingAtMost: Int = 6
    /// How long the end of a recording waits for the last corrections.
    public var waitAtEnd: Double = 30
    /// Seconds of recent audio kept for lines still to be corrected.
    public var keptAudio: Double = 90

    public init() {}
    public static let `default` = CorrectionSettings()
}

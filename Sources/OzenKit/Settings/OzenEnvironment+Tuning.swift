/// The numeric knobs, each checked as it is read: nil when unset, a `KnobError` (with the
/// message `ozen` has always given) when set to a value outside its rule.
extension OzenEnvironment {
    /// `OZEN_THREADS`: CPU threads of a Whisper pass.
    public var threads: Int? { get throws(KnobError) { try wholeNumber(.threads) } }
    /// `OZEN_LIVE_THREADS`: CPU threads of a live pass.
    public var liveThreads: Int? { get throws(KnobError) { try wholeNumber(.liveThreads) } }
    /// `OZEN_AUDIO_CONTEXT_MARGIN`: encoder frames beyond a pass's audio.
    public var audioContextMargin: Int? { get throws(KnobError) { try wholeNumber(.audioContextMargin) } }
    /// `OZEN_FINAL_MARGIN`: encoder frames beyond the audio of a final pass.
    public var finalMargin: Int? { get throws(KnobError) { try wholeNumber(.finalMargin) } }
    /// `OZEN_FINAL_BEAM`: the final pass's beam width.
    public var finalBeam: Int? { get throws(KnobError) { try wholeNumber(.finalBeam) } }
    /// `OZEN_VAD_THRESHOLD`: Silero's threshold (read as a Float, as Silero takes it).
    public var voiceThreshold: Float? { get throws(KnobError) { try float(.voiceThreshold) } }
    /// `OZEN_CORRECT_BELOW`: only lines locked less sure than this are heard again.
    public var correctBelow: Float? { get throws(KnobError) { try float(.correctBelow) } }
    /// `OZEN_CORRECT_CONTEXT`, seconds of audio before a line heard again with it.
    public var correctContext: Double? { get throws(KnobError) { try number(.correctContext) } }

    /// `OZEN_PAUSE`, seconds.
    public var pause: Double? { get throws(KnobError) { try number(.pause) } }
    /// `OZEN_LINE_PAUSE`, seconds.
    public var linePause: Double? { get throws(KnobError) { try number(.linePause) } }
    /// `OZEN_FINAL_AFTER_QUIET`, seconds.
    public var finalAfterQuiet: Double? { get throws(KnobError) { try number(.finalAfterQuiet) } }
    /// `OZEN_LEAD_IN`, seconds.
    public var leadIn: Double? { get throws(KnobError) { try number(.leadIn) } }
    /// `OZEN_TAIL`, seconds.
    public var tail: Double? { get throws(KnobError) { try number(.tail) } }
    /// `OZEN_PASS_GAP`, seconds.
    public var passGap: Double? { get throws(KnobError) { try number(.passGap) } }
    /// `OZEN_PASS_COST_FACTOR`.
    public var passCostFactor: Double? { get throws(KnobError) { try number(.passCostFactor) } }

    /// A whole-number knob.
    func wholeNumber(_ knob: Knob) throws(KnobError) -> Int? {
        guard let raw = self[knob] else { return nil }
        let value = Int(raw)
        switch knob.rule {
        case let .wholeNumber(range, _): if let value, range.contains(value) { return value }
        case let .wholeNumberFrom(minimum, _): if let value, value >= minimum { return value }
        default: preconditionFailure("\(knob.name) is not a whole number")
        }
        throw knob.rule.refusal(of: raw, for: knob.name)
    }

    /// A knob in seconds, or a number with fractions.
    func number(_ knob: Knob) throws(KnobError) -> Double? {
        guard let raw = self[knob] else { return nil }
        switch knob.rule {
        case let .seconds(range), let .number(range, _): if let value = Double(raw), range.contains(value) { return value }
        default: preconditionFailure("\(knob.name) is not a number")
        }
        throw knob.rule.refusal(of: raw, for: knob.name)
    }

    /// A probability knob, read as a Float.
    func float(_ knob: Knob) throws(KnobError) -> Float? {
        guard let raw = self[knob] else { return nil }
        guard case let .probability(range) = knob.rule else { preconditionFailure("\(knob.name) is not a probability") }
        if let value = Float(raw), range.contains(value) { return value }
        throw knob.rule.refusal(of: raw, for: knob.name)
    }
}

extension OzenEnvironment {
    /// Checks `knob`'s value against its rule, as the command that reads it would.
    public func check(_ knob: Knob) throws(KnobError) {
        switch knob.rule {
        case .wholeNumber, .wholeNumberFrom: _ = try wholeNumber(knob)
        case .seconds, .number: _ = try number(knob)
        case .probability: _ = try float(knob)
        case .text, .one, .present: break
        }
    }
}

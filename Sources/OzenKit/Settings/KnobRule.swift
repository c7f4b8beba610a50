/// The values an `OZEN_*` knob takes, and what is said when it is set to another.
public enum KnobRule: Sendable, Hashable {
    /// A whole number in the range; `what` names it in the refusal ("a beam width").
    case wholeNumber(ClosedRange<Int>, what: Phrase)
    /// A whole number from `minimum` up.
    case wholeNumberFrom(Int, what: Phrase)
    /// Seconds in the range.
    case seconds(ClosedRange<Double>)
    /// A number in the range, fractions allowed; `what` names it in the refusal ("a number").
    case number(ClosedRange<Double>, what: Phrase)
    /// A probability in the range, read as a Float (as Silero takes it).
    case probability(ClosedRange<Float>)
    /// Any text (a path, a key); empty counts as unset. `what` says what it is, for the table.
    case text(String)
    /// On when set to exactly "1"; any other value counts as unset.
    case one
    /// On when set at all, even to an empty value.
    case present

    /// The values it takes, as the settings table shows them.
    public var range: String {
        switch self {
        case let .wholeNumber(range, _): return "\(range.lowerBound)–\(range.upperBound)"
        case let .wholeNumberFrom(minimum, _): return "\(minimum) or more, whole"
        case let .seconds(range): return "\(Self.figure(range.lowerBound))–\(Self.figure(range.upperBound)) s"
        case let .number(range, _): return "\(Self.figure(range.lowerBound))–\(Self.figure(range.upperBound))"
        case let .probability(range): return "\(Self.figure(range.lowerBound))–\(Self.figure(range.upperBound))"
        case let .text(what): return "\(what) (empty: unset)"
        case .one: return "1 (any other value: unset)"
        case .present: return "set to anything, even empty"
        }
    }

    /// What is said when `raw` is refused; the messages are the ones `ozen` has always given.
    func refusal(of raw: String, for name: String) -> KnobError {
        let message: String
        switch self {
        case let .wholeNumber(range, what):
            let (low, high) = (range.lowerBound, range.upperBound)
            message = tr("\(name) צריך להיות \(what.hebrew) בין \(low) ל־\(high), קיבל '\(raw)'",
                         "\(name) must be \(what.english) from \(low) to \(high), got '\(raw)'")
        case let .wholeNumberFrom(minimum, what):
            message = tr("\(name) צריך להיות \(what.hebrew), \(minimum) ומעלה, קיבל '\(raw)'",
                         "\(name) must be \(what.english) ≥ \(minimum), got '\(raw)'")
        case let .seconds(range):
            let (low, high) = (Self.figure(range.lowerBound), Self.figure(range.upperBound))
            message = tr("\(name) צריך להיות שניות בין \(low) ל־\(high), קיבל '\(raw)'",
                         "\(name) must be seconds between \(low) and \(high), got '\(raw)'")
        case let .number(range, what):
            let (low, high) = (Self.figure(range.lowerBound), Self.figure(range.upperBound))
            message = tr("\(name) צריך להיות \(what.hebrew) בין \(low) ל־\(high), קיבל '\(raw)'",
                         "\(name) must be \(what.english) from \(low) to \(high), got '\(raw)'")
        case let .probability(range):
            let (low, high) = (Self.figure(range.lowerBound), Self.figure(range.upperBound))
            message = tr("\(name) צריך להיות הסתברות בין \(low) ל־\(high), קיבל '\(raw)'",
                         "\(name) must be a probability from \(low) to \(high), got '\(raw)'")
        case .text, .one, .present:
            preconditionFailure("\(name) takes any value")
        }
        return KnobError(name: name, description: message)
    }

    /// A bound as people write it: 5, not 5.0.
    static func figure(_ value: Double) -> String {
        value == value.rounded() && abs(value) < 1e15 ? String(Int(value)) : String(value)
    }

    static func figure(_ value: Float) -> String {
        value == value.rounded() && abs(value) < 1e7 ? String(Int(value)) : String(value)
    }
}

/// A caption line handed to the text stage: only words that will not change again may
/// fire an alert, so a line still being spoken says how much of it has settled.
public struct SettledLine: Sendable, Equatable {
    /// The caption line's id (the same id the `line` and `partial` events carry).
    public var id: Int
    public var text: String
    /// Seconds of audio fed into the pipeline when the words settled: the clock alerts are
    /// throttled by.
    public var at: Double
    /// UTF-16 offset up to which `text` has settled; nil when the whole line is final. A
    /// word that reaches this point may still grow ("רות" → "רותי"), so only words that end
    /// before it, with a space or a mark after them, count as said.
    public var settledThrough: Int?

    public init(id: Int, text: String, at: Double, settledThrough: Int? = nil) {
        self.id = id
        self.text = text
        self.at = at
        self.settledThrough = settledThrough
    }

    /// True when the word at `range` is settled.
    func isSettled(_ range: TextRange) -> Bool {
        guard let settledThrough else { return true }
        return range.end < settledThrough
    }
}

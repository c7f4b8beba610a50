import Foundation

/// How long to wait before asking a server again after a failure: 1, 2, 4, 8, 16, then 30 s,
/// and giving up after ten failures in a row without a byte of progress (about three and a
/// half minutes of a dead network). Any progress starts the count again, so a Wi-Fi that
/// drops every few minutes still finishes a 1.6 GB model.
public struct RetryDelays: Sendable, Equatable {
    public var first: Double
    public var longest: Double
    public var failuresAllowed: Int
    public private(set) var failuresInARow = 0

    public init(first: Double = 1, longest: Double = 30, failuresAllowed: Int = 10) {
        self.first = first; self.longest = longest; self.failuresAllowed = failuresAllowed
    }

    /// Counts one more failure; the pause before the next try, or nil to give up.
    public mutating func failed() -> Double? {
        failuresInARow += 1
        guard failuresInARow < failuresAllowed else { return nil }
        return min(longest, first * pow(2, Double(failuresInARow - 1)))
    }

    /// Bytes arrived: the network works again.
    public mutating func progressed() { failuresInARow = 0 }
}

/// A small random source (SplitMix64) whose sequence is the same on every machine, so a
/// benchmark or an evaluation built from a seed is built the same way each run (also the
/// benches' random order, as a `RandomNumberGenerator`).
public struct SplitMix: RandomNumberGenerator, Sendable {
    public private(set) var state: UInt64
    public init(seed: UInt64) { state = seed }

    public mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }

    /// Uniform in 0..<1.
    public mutating func unit() -> Double { Double(next() >> 11) / Double(1 << 53) }

    public mutating func pick<T>(_ items: [T]) -> T { items[Int(next() % UInt64(items.count))] }
}

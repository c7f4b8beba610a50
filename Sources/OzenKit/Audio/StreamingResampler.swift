import Foundation

/// OzenKit's `Resampler` for audio that arrives in pieces (a microphone's callbacks): each
/// output sample is computed once every input sample within the filter's reach has arrived,
/// so the pieces join without clicks and the result equals resampling the whole stream at
/// once (to float rounding).
///
/// The input is cut into windows that start on a whole number of rate periods (441 samples
/// for 44.1 → 16 kHz, 3 for 48 → 16 kHz), so every window's output grid lines up with the
/// stream's. What is kept between pieces is the filter's reach (about 50 input samples at
/// 48 kHz) plus one period.
public struct StreamingResampler: Sendable {
    public let resampler: Resampler
    /// Input samples per period, and the output samples each period yields.
    private let inputPeriod: Int, outputPeriod: Int
    private let reach: Double
    private var history: [Float] = []
    /// Stream index of `history[0]`.
    private var historyStart = 0
    /// Input samples received so far.
    private var received = 0
    /// Index of the next output sample to produce.
    private var nextOutput = 0

    public init(from sourceRate: Int, to targetRate: Int) {
        resampler = Resampler(from: sourceRate, to: targetRate)
        let divisor = Self.gcd(sourceRate, targetRate)
        inputPeriod = sourceRate / divisor
        outputPeriod = targetRate / divisor
        reach = Double(resampler.halfWidth) / (0.95 * min(1.0, Double(targetRate) / Double(sourceRate)))
    }

    /// Takes the next piece of input; returns the output samples it completes.
    public mutating func push(_ input: [Float]) -> [Float] {
        if resampler.sourceRate == resampler.targetRate { return input }
        history += input
        received += input.count
        let ratio = Double(resampler.targetRate) / Double(resampler.sourceRate)
        // The last output whose whole filter reach has arrived.
        let lastReady = Int(((Double(received - 1) - reach) * ratio).rounded(.down))
        guard lastReady >= nextOutput else { return [] }
        // The window starts a reach before the next output, on a period boundary.
        let firstNeeded = Double(nextOutput) / ratio - reach
        let windowStart = max(historyStart, Int((firstNeeded / Double(inputPeriod)).rounded(.down)) * inputPeriod)
        precondition(windowStart % inputPeriod == 0 || windowStart == 0, "windows start on a period")
        let window = Array(history[(windowStart - historyStart)...])
        let produced = resampler.resample(window)
        let firstOfWindow = windowStart / inputPeriod * outputPeriod
        let from = nextOutput - firstOfWindow, to = min(lastReady - firstOfWindow, produced.count - 1)
        guard from <= to else { return [] }
        let output = Array(produced[from...to])
        nextOutput += output.count
        // Keep what the next outputs still reach back to, from a period boundary.
        let keepFrom = max(0, Int(((Double(nextOutput) / ratio - reach) / Double(inputPeriod)).rounded(.down)) * inputPeriod)
        if keepFrom > historyStart {
            history.removeFirst(keepFrom - historyStart)
            historyStart = keepFrom
        }
        return output
    }

    private static func gcd(_ a: Int, _ b: Int) -> Int { b == 0 ? a : gcd(b, a % b) }
}

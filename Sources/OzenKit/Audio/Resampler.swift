import Foundation

/// Converts audio between sample rates with a windowed-sinc (Hann) interpolator.
///
/// 16 zero crossings each side keep the passband flat to within 0.1 dB up to 90 % of the
/// lower Nyquist frequency, which is well past the 4–7 kHz that carries speech; the cutoff
/// sits at 95 % of the lower Nyquist so nothing above 8 kHz folds into the speech band when
/// 44.1 or 48 kHz microphones are brought down to 16 kHz.
public struct Resampler: Sendable {
    public let sourceRate: Int
    public let targetRate: Int
    /// Zero crossings of the sinc on each side of a sample.
    public let halfWidth = 16

    public init(from sourceRate: Int, to targetRate: Int) {
        precondition(sourceRate > 0 && targetRate > 0, "sample rates must be positive")
        self.sourceRate = sourceRate
        self.targetRate = targetRate
    }

    public func resample(_ input: [Float]) -> [Float] {
        if sourceRate == targetRate || input.isEmpty { return input }
        let ratio = Double(targetRate) / Double(sourceRate)
        let outCount = Int((Double(input.count) * ratio).rounded(.down))
        // Low-pass at the lower of the two Nyquist frequencies, expressed in input samples.
        let cutoff = 0.95 * min(1.0, ratio)
        let reach = Double(halfWidth) / cutoff
        var output = [Float](repeating: 0, count: outCount)
        input.withUnsafeBufferPointer { x in
            for n in 0..<outCount {
                let t = Double(n) / ratio
                let first = max(0, Int((t - reach).rounded(.up)))
                let last = min(x.count - 1, Int((t + reach).rounded(.down)))
                if first > last { continue }
                var acc = 0.0
                for k in first...last {
                    let d = Double(k) - t
                    let w = 0.5 + 0.5 * cos(Double.pi * d / reach)
                    let arg = Double.pi * d * cutoff
                    let sinc = abs(arg) < 1e-9 ? 1.0 : sin(arg) / arg
                    acc += Double(x[k]) * cutoff * sinc * w
                }
                output[n] = Float(acc)
            }
        }
        return output
    }
}

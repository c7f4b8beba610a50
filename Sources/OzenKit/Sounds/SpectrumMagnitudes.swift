import Foundation

/// The magnitude spectrum |X[k]| (or the power |X[k]|²), k = 0…n/2, of a real frame of n samples
/// (n a power of two), by an in-place radix-2 FFT: the spectrogram step of YAMNet's log-mel front
/// end (magnitudes, n = 512) and EfficientAT's (powers, n = 1024).
///
/// Twiddles are computed in Double and kept as Float; the butterflies run in Float. Through
/// the whole front end the result stays within 1e-4 of numpy's (see YAMNetLogMel), far
/// below the 0.048 step of YAMNet's uint8 input.
public struct SpectrumMagnitudes: Sendable {
    public let size: Int
    private let cosines: [Float]
    private let sines: [Float]
    private let bitReversed: [Int]

    public init(size: Int) {
        precondition(size >= 2 && size & (size - 1) == 0, "the FFT size must be a power of two")
        self.size = size
        cosines = (0..<size / 2).map { Float(cos(2 * Double.pi * Double($0) / Double(size))) }
        sines = (0..<size / 2).map { Float(-sin(2 * Double.pi * Double($0) / Double(size))) }
        let bits = size.trailingZeroBitCount
        bitReversed = (0..<size).map { i in
            var r = 0
            for b in 0..<bits where i & (1 << b) != 0 { r |= 1 << (bits - 1 - b) }
            return r
        }
    }

    /// Writes size/2 + 1 magnitudes into `magnitudes` for `frame` (count ≤ size; the rest of
    /// the frame is zero). `re` and `im` are scratch of `size` elements each.
    public func magnitudes(of frame: UnsafeBufferPointer<Float>, into magnitudes: UnsafeMutableBufferPointer<Float>,
                           re: UnsafeMutableBufferPointer<Float>, im: UnsafeMutableBufferPointer<Float>) {
        transform(frame, re: re, im: im)
        precondition(magnitudes.count >= size / 2 + 1)
        for k in 0...(size / 2) {
            magnitudes[k] = (re[k] * re[k] + im[k] * im[k]).squareRoot()
        }
    }

    /// Writes size/2 + 1 powers |X[k]|² into `powers`, as `magnitudes` does.
    public func powers(of frame: UnsafeBufferPointer<Float>, into powers: UnsafeMutableBufferPointer<Float>,
                       re: UnsafeMutableBufferPointer<Float>, im: UnsafeMutableBufferPointer<Float>) {
        transform(frame, re: re, im: im)
        precondition(powers.count >= size / 2 + 1)
        for k in 0...(size / 2) {
            powers[k] = re[k] * re[k] + im[k] * im[k]
        }
    }

    /// The FFT of `frame` (zero-padded to `size`) into `re` and `im`.
    private func transform(_ frame: UnsafeBufferPointer<Float>, re: UnsafeMutableBufferPointer<Float>,
                           im: UnsafeMutableBufferPointer<Float>) {
        let n = size
        precondition(frame.count <= n && re.count >= n && im.count >= n)
        bitReversed.withUnsafeBufferPointer { rev in
            for i in 0..<n {
                let j = rev[i]
                re[j] = i < frame.count ? frame[i] : 0
                im[j] = 0
            }
        }
        cosines.withUnsafeBufferPointer { cs in
            sines.withUnsafeBufferPointer { sn in
                var half = 1
                while half < n {
                    let stride = n / (half * 2)
                    var start = 0
                    while start < n {
                        for k in 0..<half {
                            let wr = cs[k * stride], wi = sn[k * stride]
                            let a = start + k, b = a + half
                            let tr = re[b] * wr - im[b] * wi
                            let ti = re[b] * wi + im[b] * wr
                            re[b] = re[a] - tr
                            im[b] = im[a] - ti
                            re[a] += tr
                            im[a] += ti
                        }
                        start += half * 2
                    }
                    half *= 2
                }
            }
        }
    }
}

import COpenBLAS
import Foundation
import OzenKit

/// The layers both sound networks (YAMNet's MobileNet-v1, EfficientAT's MobileNetV3) are made
/// of, on tensors kept height × width × channels so that 1 × 1 convolutions and dense layers
/// are single BLAS matrix products (module COpenBLAS) and the depthwise loops run over
/// contiguous channels.
enum NetworkLayers {
    /// Where a k × k convolution reads: the input's size, the output's, the stride, and the
    /// zero padding before the first row and column (after the last ones, whatever the sizes
    /// leave).
    struct Geometry {
        var height, width, outHeight, outWidth, kernel, stride, top, left: Int

        /// Symmetric padding of (k − 1) / 2, as PyTorch's convolutions pad.
        static func centred(height: Int, width: Int, kernel: Int, stride: Int) -> Geometry {
            let pad = (kernel - 1) / 2
            return Geometry(height: height, width: width,
                            outHeight: (height + 2 * pad - kernel) / stride + 1, outWidth: (width + 2 * pad - kernel) / stride + 1,
                            kernel: kernel, stride: stride, top: pad, left: pad)
        }
    }

    /// A full k × k convolution of a one-channel input: the taps of every output position
    /// gathered into a row (zeros outside the input), then one matrix product (weights [tap][out]).
    static func convolve(_ x: [Float], _ g: Geometry, _ w: UnsafeBufferPointer<Float>, outChannels: Int) -> [Float] {
        let positions = g.outHeight * g.outWidth, taps = g.kernel * g.kernel
        var columns = [Float](repeating: 0, count: positions * taps)
        x.withUnsafeBufferPointer { input in
            columns.withUnsafeMutableBufferPointer { col in
                for oy in 0..<g.outHeight {
                    for ox in 0..<g.outWidth {
                        let row = (oy * g.outWidth + ox) * taps
                        for r in 0..<g.kernel {
                            let iy = oy * g.stride - g.top + r
                            guard iy >= 0 && iy < g.height else { continue }
                            for q in 0..<g.kernel {
                                let ix = ox * g.stride - g.left + q
                                guard ix >= 0 && ix < g.width else { continue }
                                col[row + r * g.kernel + q] = input[iy * g.width + ix]
                            }
                        }
                    }
                }
            }
        }
        return multiply(columns, rows: positions, inner: taps, columns: outChannels, w)
    }

    /// A k × k convolution of each channel by its own kernel (weights [tap][channel]).
    static func depthwise(_ x: [Float], _ g: Geometry, _ w: UnsafeBufferPointer<Float>, channels c: Int) -> [Float] {
        var out = [Float](repeating: 0, count: g.outHeight * g.outWidth * c)
        x.withUnsafeBufferPointer { input in
            out.withUnsafeMutableBufferPointer { output in
                guard let inBase = input.baseAddress, let outBase = output.baseAddress, let wBase = w.baseAddress else { return }
                for oy in 0..<g.outHeight {
                    for ox in 0..<g.outWidth {
                        let o = outBase + (oy * g.outWidth + ox) * c
                        for r in 0..<g.kernel {
                            let iy = oy * g.stride - g.top + r
                            guard iy >= 0 && iy < g.height else { continue }
                            for q in 0..<g.kernel {
                                let ix = ox * g.stride - g.left + q
                                guard ix >= 0 && ix < g.width else { continue }
                                let src = inBase + (iy * g.width + ix) * c
                                let k = wBase + (r * g.kernel + q) * c
                                for ch in 0..<c { o[ch] += src[ch] * k[ch] }
                            }
                        }
                    }
                }
            }
        }
        return out
    }

    /// rows × inner (row-major) times inner × columns, by the BLAS behind COpenBLAS. Its integer
    /// type (int32 or int64, as the library was built) is taken from the function's signature.
    static func multiply(_ a: [Float], rows: Int, inner: Int, columns: Int, _ b: UnsafeBufferPointer<Float>) -> [Float] {
        var out = [Float](repeating: 0, count: rows * columns)
        a.withUnsafeBufferPointer { a in
            out.withUnsafeMutableBufferPointer { c in
                if rows == 1 {
                    cblas_sgemv(CblasRowMajor, CblasTrans, numericCast(inner), numericCast(columns), 1,
                                b.baseAddress, numericCast(columns), a.baseAddress, 1, 0, c.baseAddress, 1)
                } else {
                    cblas_sgemm(CblasRowMajor, CblasNoTrans, CblasNoTrans, numericCast(rows), numericCast(columns),
                                numericCast(inner), 1, a.baseAddress, numericCast(inner), b.baseAddress, numericCast(columns),
                                0, c.baseAddress, numericCast(columns))
                }
            }
        }
        return out
    }

    /// The mean of each channel over all positions.
    static func mean(_ x: [Float], positions: Int, channels: Int) -> [Float] {
        var sums = [Float](repeating: 0, count: channels)
        for p in 0..<positions {
            for ch in 0..<channels { sums[ch] += x[p * channels + ch] }
        }
        return sums.map { $0 / Float(positions) }
    }

    /// Adds the bias (one per channel, channels innermost) and applies the activation.
    static func finish(_ y: inout [Float], _ bias: UnsafeBufferPointer<Float>, _ activation: EfficientATWeights.Activation) {
        let c = bias.count
        y.withUnsafeMutableBufferPointer { y in
            var i = 0
            while i < y.count {
                for ch in 0..<c {
                    let v = y[i + ch] + bias[ch]
                    switch activation {
                    case .none: y[i + ch] = v
                    case .relu: y[i + ch] = max(v, 0)
                    case .hardswish: y[i + ch] = v * min(max(v + 3, 0), 6) / 6
                    case .sigmoid: y[i + ch] = 1 / (1 + exp(-v))
                    }
                }
                i += c
            }
        }
    }
}

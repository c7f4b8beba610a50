import Foundation
import OzenKit

/// EfficientAT's `mn04_as` (a MobileNetV3 at width 0.4) run on one log-mel spectrogram: the
/// stem (3 × 3, stride 2, hard-swish), 15 inverted-residual blocks, a 1 × 1 convolution, the
/// mean over all positions and two dense layers, all in float32 with batch norms already folded
/// into the weights (`EfficientATWeights`). Padding is PyTorch's, (k − 1) / 2 on every side.
///
/// The spectrogram is 128 bands high and as wide as it has frames; a window of any length
/// works (the head averages over positions). Against the authors' code in torch
/// (Tests/Fixtures/efficientat-reference.json) the scores agree within 1e-3.
struct EfficientATNetwork: Sendable {
    let weights: EfficientATWeights

    /// The 527 logits for a spectrogram of `bands` × `frames` values (band by band).
    func logits(spectrogram: [Float], bands: Int, frames: Int) -> [Float] {
        weights.values.withUnsafeBufferPointer { values in
            func tensor(_ t: EfficientATWeights.Tensor) -> UnsafeBufferPointer<Float> { UnsafeBufferPointer(rebasing: values[t.range]) }
            var height = bands, width = frames
            // One channel: band-by-band is already height × width × channels.
            let stem = weights.stem
            var g = NetworkLayers.Geometry.centred(height: height, width: width, kernel: stem.kernel, stride: stem.stride)
            var x = NetworkLayers.convolve(spectrogram, g, tensor(stem.weights), outChannels: stem.outChannels)
            NetworkLayers.finish(&x, tensor(stem.bias), stem.activation)
            height = g.outHeight; width = g.outWidth
            for block in weights.blocks {
                let input = x
                var channels = block.inChannels
                if let expand = block.expand {
                    x = NetworkLayers.multiply(x, rows: height * width, inner: channels, columns: expand.outChannels, tensor(expand.weights))
                    NetworkLayers.finish(&x, tensor(expand.bias), expand.activation)
                    channels = expand.outChannels
                }
                let d = block.depthwise
                g = NetworkLayers.Geometry.centred(height: height, width: width, kernel: d.kernel, stride: d.stride)
                x = NetworkLayers.depthwise(x, g, tensor(d.weights), channels: channels)
                NetworkLayers.finish(&x, tensor(d.bias), d.activation)
                height = g.outHeight; width = g.outWidth
                if let se = block.squeezeExcitation {
                    var scale = NetworkLayers.mean(x, positions: height * width, channels: channels)
                    scale = dense(scale, se.fc1, tensor)
                    scale = dense(scale, se.fc2, tensor)
                    x.withUnsafeMutableBufferPointer { x in
                        var i = 0
                        while i < x.count {
                            for ch in 0..<channels { x[i + ch] *= scale[ch] }
                            i += channels
                        }
                    }
                }
                let p = block.project
                x = NetworkLayers.multiply(x, rows: height * width, inner: channels, columns: p.outChannels, tensor(p.weights))
                NetworkLayers.finish(&x, tensor(p.bias), p.activation)
                if block.residual {
                    for i in x.indices { x[i] += input[i] }
                }
            }
            let last = weights.lastConv
            x = NetworkLayers.multiply(x, rows: height * width, inner: last.inChannels, columns: last.outChannels, tensor(last.weights))
            NetworkLayers.finish(&x, tensor(last.bias), last.activation)
            x = NetworkLayers.mean(x, positions: height * width, channels: last.outChannels)
            x = dense(x, weights.hidden, tensor)
            return dense(x, weights.classifier, tensor)
        }
    }

    private func dense(_ x: [Float], _ layer: EfficientATWeights.Linear,
                       _ tensor: (EfficientATWeights.Tensor) -> UnsafeBufferPointer<Float>) -> [Float] {
        var y = NetworkLayers.multiply(x, rows: 1, inner: layer.inFeatures, columns: layer.outFeatures, tensor(layer.weights))
        NetworkLayers.finish(&y, tensor(layer.bias), layer.activation)
        return y
    }
}

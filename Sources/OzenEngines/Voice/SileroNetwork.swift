import COpenBLAS
import Foundation
import OzenKit
import Synchronization

/// Silero's voice network (v5 and later, its 16 kHz half), run in Swift from the weights in
/// the installed `silero_vad.onnx`: one copy of the weights for the whole process, and for
/// each stream only its recurrent state and working space, about 26 KB in one block
/// (`SileroNetwork.State`).
///
/// sherpa-onnx made an onnxruntime session of its own for every stream: about 11.5 MiB, most
/// of it small blocks, made and freed each time a phone connected to `ozen serve`, the
/// largest churn in its heap. The network is small (about 0.7 million multiply-adds per
/// 32 ms window), so it needs no runtime. `ozen bench serve --clients 4 --minutes 3 --table
/// …`, the build before then this one (2026-12-05): the heap under four clients at most 83
/// against 55 MiB, the server +3.1 % against +1.2 % of warm at the end, peak 424 against
/// 392 MiB, CPU with one client alone 65.7 against 65.0 s per audio minute.
///
/// The graph, as the pinned file's 16 kHz branch has it: 576 samples (512 and 64 of context;
/// which 64 is the caller's, see `SileroFrameClassifier`) padded by reflection to 640 → a short-time Fourier transform as a
/// convolution (258 filters of 256, hop 128: 4 frames, 129 magnitudes each) → four
/// convolutions of width 3 with ReLU (129→128, 128→64 stride 2, 64→64 stride 2, 64→128) →
/// an LSTM cell of 128 → ReLU, a 1×1 convolution to one value, sigmoid.
final class SileroNetwork: Sendable {
    static let window = 576
    static let hidden = 128
    private static let padded = 640, frames = 4, bins = 129, filters = 258, filterLength = 256, hop = 128

    struct Convolution: Sendable {
        let inputs: Int, outputs: Int, stride: Int
        let weights: [Float]    // [outputs][inputs][3]
        let bias: [Float]
    }

    private let basis: [Float]  // [258][256]
    private let encoder: [Convolution]
    private let inputWeights: [Float], hiddenWeights: [Float], gateBias: [Float]  // [512][128], [512][128], [512]
    private let decoderWeights: [Float], decoderBias: Float

    /// The weights of the 16 kHz branch of `path`, a Silero network of the pinned kind.
    init(path: String) throws {
        let constants = try ONNXConstants(contentsOf: path)
        func tensor(_ name: String, _ dims: [Int]) throws -> [Float] {
            guard let found = constants.tensors["If_0_then_branch__Inline_0__" + name] else {
                throw ONNXConstants.Malformed(detail: "it has no tensor '\(name)': not the Silero network Ozen reads")
            }
            guard found.dims == dims else {
                throw ONNXConstants.Malformed(detail: "its tensor '\(name)' is \(found.dims), expected \(dims)")
            }
            return found.values
        }
        basis = try tensor("stft.forward_basis_buffer", [Self.filters, 1, Self.filterLength])
        encoder = try [(129, 128, 1), (128, 64, 2), (64, 64, 2), (64, 128, 1)].enumerated().map { index, shape in
            Convolution(inputs: shape.0, outputs: shape.1, stride: shape.2,
                        weights: try tensor("encoder.\(index).reparam_conv.weight", [shape.1, shape.0, 3]),
                        bias: try tensor("encoder.\(index).reparam_conv.bias", [shape.1]))
        }
        inputWeights = try tensor("decoder.rnn.weight_ih", [4 * Self.hidden, Self.hidden])
        hiddenWeights = try tensor("decoder.rnn.weight_hh", [4 * Self.hidden, Self.hidden])
        let biasIn = try tensor("decoder.rnn.bias_ih", [4 * Self.hidden]), biasHidden = try tensor("decoder.rnn.bias_hh", [4 * Self.hidden])
        gateBias = zip(biasIn, biasHidden).map { $0 + $1 }
        decoderWeights = try tensor("decoder.decoder.2.weight", [1, Self.hidden, 1])
        decoderBias = try tensor("decoder.decoder.2.bias", [1])[0]
    }

    /// The networks read so far, by file; held while one is read, so each is read once.
    private static let networks = Mutex<[String: SileroNetwork]>([:])

    /// The network of `model`, read from its file the first time and shared after.
    static func shared(_ model: InstalledModel) throws(ModelError) -> SileroNetwork {
        try networks.withLock { networks throws(ModelError) in
            if let network = networks[model.filePath] { return network }
            do {
                let network = try SileroNetwork(path: model.filePath)
                networks[model.filePath] = network
                return network
            } catch {
                throw .malformed(name: model.manifest.name, path: model.filePath, detail: "\(error)")
            }
        }
    }

    /// One stream's recurrent state and working space, made once: a window allocates nothing.
    final class State {
        private static let sizes = [SileroNetwork.hidden, SileroNetwork.hidden, SileroNetwork.padded,
                                    SileroNetwork.frames * SileroNetwork.filterLength, SileroNetwork.filters * SileroNetwork.frames,
                                    SileroNetwork.bins * SileroNetwork.frames, 128 * SileroNetwork.frames, 128 * SileroNetwork.frames,
                                    129 * 3 * SileroNetwork.frames, 4 * SileroNetwork.hidden]
        private let block: UnsafeMutablePointer<Float>
        let h, c, input, frames, transform, spectrum, layerA, layerB, columns, gates: UnsafeMutablePointer<Float>

        init() {
            let total = Self.sizes.reduce(0, +)
            block = .allocate(capacity: total)
            block.initialize(repeating: 0, count: total)
            var parts = [UnsafeMutablePointer<Float>](), at = 0
            for size in Self.sizes { parts.append(block + at); at += size }
            (h, c, input, frames, transform) = (parts[0], parts[1], parts[2], parts[3], parts[4])
            (spectrum, layerA, layerB, columns, gates) = (parts[5], parts[6], parts[7], parts[8], parts[9])
        }

        deinit { block.deallocate() }

        func reset() {
            h.update(repeating: 0, count: SileroNetwork.hidden)
            c.update(repeating: 0, count: SileroNetwork.hidden)
        }
    }

    /// The probability of voice in `window` (576 samples), advancing `state`. The products go to the BLAS behind COpenBLAS (BLIS), so they are
    /// quick in a debug build too.
    func probability(_ window: UnsafeBufferPointer<Float>, _ state: State) -> Float {
        precondition(window.count == Self.window)
        // Reflection padding on the right: sample 576 + i mirrors 574 - i.
        state.input.update(from: window.baseAddress!, count: Self.window)
        for i in 0..<Self.padded - Self.window { state.input[Self.window + i] = window[Self.window - 2 - i] }
        // Short-time Fourier transform: the 4 frames of 256 (hop 128) times the 258 filters;
        // filters 0…128 give the real parts, 129…257 the imaginary.
        for frame in 0..<Self.frames {
            (state.frames + frame * Self.filterLength).update(from: state.input + frame * Self.hop, count: Self.filterLength)
        }
        basis.withUnsafeBufferPointer { basis in
            cblas_sgemm(CblasRowMajor, CblasNoTrans, CblasTrans, numericCast(Self.filters), numericCast(Self.frames),
                        numericCast(Self.filterLength), 1, basis.baseAddress, numericCast(Self.filterLength),
                        state.frames, numericCast(Self.filterLength), 0, state.transform, numericCast(Self.frames))
        }
        for index in 0..<Self.bins * Self.frames {
            let real = state.transform[index], imaginary = state.transform[Self.bins * Self.frames + index]
            state.spectrum[index] = (real * real + imaginary * imaginary).squareRoot()
        }
        var length = Self.frames
        var source = state.spectrum, target = state.layerA
        for layer in encoder {
            length = Self.convolve(source, length: length, layer, into: target, columns: state.columns)
            source = target
            target = target == state.layerA ? state.layerB : state.layerA
        }
        // length is 1 here: the encoder's last layer is the LSTM's input.
        state.gates.update(from: gateBias, count: 4 * Self.hidden)
        inputWeights.withUnsafeBufferPointer { weights in
            cblas_sgemv(CblasRowMajor, CblasNoTrans, numericCast(4 * Self.hidden), numericCast(Self.hidden), 1,
                        weights.baseAddress, numericCast(Self.hidden), source, 1, 1, state.gates, 1)
        }
        hiddenWeights.withUnsafeBufferPointer { weights in
            cblas_sgemv(CblasRowMajor, CblasNoTrans, numericCast(4 * Self.hidden), numericCast(Self.hidden), 1,
                        weights.baseAddress, numericCast(Self.hidden), state.h, 1, 1, state.gates, 1)
        }
        // PyTorch's LSTMCell: gates in the order input, forget, cell, output.
        var logit = decoderBias
        for unit in 0..<Self.hidden {
            let input = sigmoid(state.gates[unit]), forget = sigmoid(state.gates[Self.hidden + unit])
            let cell = tanhf(state.gates[2 * Self.hidden + unit]), output = sigmoid(state.gates[3 * Self.hidden + unit])
            state.c[unit] = forget * state.c[unit] + input * cell
            state.h[unit] = output * tanhf(state.c[unit])
            logit += decoderWeights[unit] * max(state.h[unit], 0)
        }
        return sigmoid(logit)
    }

    /// A width-3 convolution with one zero on each side, then ReLU; `input` is
    /// [channels][length], `output` [layer.outputs][its length]. Returns the output's length.
    private static func convolve(_ input: UnsafeMutablePointer<Float>, length: Int, _ layer: Convolution,
                                 into output: UnsafeMutablePointer<Float>, columns: UnsafeMutablePointer<Float>) -> Int {
        let outputLength = (length + 2 - 3) / layer.stride + 1
        let width = layer.inputs * 3
        // Each position's receptive field as a column, rows laid out as the weights are:
        // [channel][tap] × [position].
        for channel in 0..<layer.inputs {
            for tap in 0..<3 {
                let row = columns + (channel * 3 + tap) * outputLength
                for position in 0..<outputLength {
                    let at = position * layer.stride - 1 + tap
                    row[position] = at >= 0 && at < length ? input[channel * length + at] : 0
                }
            }
        }
        layer.weights.withUnsafeBufferPointer { weights in
            cblas_sgemm(CblasRowMajor, CblasNoTrans, CblasNoTrans, numericCast(layer.outputs), numericCast(outputLength),
                        numericCast(width), 1, weights.baseAddress, numericCast(width), columns, numericCast(outputLength),
                        0, output, numericCast(outputLength))
        }
        for channel in 0..<layer.outputs {
            for position in 0..<outputLength {
                output[channel * outputLength + position] = max(output[channel * outputLength + position] + layer.bias[channel], 0)
            }
        }
        return outputLength
    }
}

private func sigmoid(_ x: Float) -> Float { 1 / (1 + expf(-x)) }


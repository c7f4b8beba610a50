import Foundation

/// EfficientAT's input: a 128-band log-mel spectrogram of 32 kHz mono audio, computed as its
/// authors trained `mn04_as` (their `AugmentMelSTFT` in eval mode, read from their code):
///
/// - pre-emphasis y[i] = x[i+1] − 0.97·x[i] (a convolution with no padding: one sample fewer);
/// - `torch.stft` with `center=True`: the signal padded by 512 reflected samples at each end,
///   a frame of 1024 every 320 samples (10 ms), so n samples give 1 + (n − 1) / 320 frames;
///   a symmetric Hann window of 800 samples (`periodic=False`) in the middle of each frame;
/// - the power spectrum |X[k]|², bins 0…512;
/// - Kaldi's mel filter bank (torchaudio's `compliance.kaldi.get_mel_banks`: 128 triangles
///   evenly spaced on 1127·ln(1 + f/700) from 0 to 15 000 Hz, none on bin 512);
/// - ln(mel + 1e-5), then (v + 4.5) / 5.
///
/// The values are laid out band by band (128 rows of `frames` values), the network's height
/// × width. Against the authors' code in torch (Tests/Fixtures/efficientat-reference.json)
/// the network's scores agree within 1e-3.
public struct EfficientATLogMel: Sendable {
    public static let sampleRate = 32_000
    public static let bandCount = 128
    public static let hop = 320
    public static let fftSize = 1024
    public static let windowLength = 800
    public static let lowestFrequency = 0.0
    public static let highestFrequency = 15_000.0
    public static let preemphasis: Float = 0.97
    public static let logOffset: Float = 1e-5
    public static let shift: Float = 4.5
    public static let scale: Float = 5

    /// One mel band: its weights on consecutive FFT bins from `firstBin`.
    struct Band: Sendable {
        var firstBin: Int
        var weights: [Float]
    }

    /// The Hann window placed in the middle of a 1024-sample frame.
    private let frameWindow: [Float]
    let bands: [Band]
    private let spectrum: SpectrumMagnitudes

    public init() {
        let n = Self.windowLength, left = (Self.fftSize - n) / 2
        var window = [Float](repeating: 0, count: Self.fftSize)
        for i in 0..<n { window[left + i] = Float(0.5 - 0.5 * cos(2 * Double.pi * Double(i) / Double(n - 1))) }
        frameWindow = window
        bands = Self.melBands()
        spectrum = SpectrumMagnitudes(size: Self.fftSize)
    }

    /// Frames that `samples` samples make.
    public static func frameCount(samples: Int) -> Int { samples < 2 ? 0 : 1 + (samples - 1) / hop }

    /// torchaudio's `get_mel_banks(128, 1024, 32000, 0, 15000, …, vtln_warp_factor=1)`, kept
    /// sparse. Mel is 1127·ln(1 + f/700), bin k sits at k·31.25 Hz.
    static func melBands() -> [Band] {
        func mel(_ hz: Double) -> Double { 1127 * log(1 + hz / 700) }
        let lowMel = mel(lowestFrequency), highMel = mel(highestFrequency)
        let delta = (highMel - lowMel) / Double(bandCount + 1)
        let binWidth = Double(sampleRate) / Double(fftSize)
        let binMels = (0..<(fftSize / 2)).map { mel(binWidth * Double($0)) }
        return (0..<bandCount).map { b in
            let left = lowMel + Double(b) * delta, center = left + delta, right = left + 2 * delta
            var first = -1
            var weights: [Float] = []
            for (k, m) in binMels.enumerated() {
                let up = (m - left) / (center - left), down = (right - m) / (right - center)
                let w = max(0, min(up, down))
                if w > 0 {
                    if first < 0 { first = k }
                    weights += [Float](repeating: 0, count: k - first - weights.count) + [Float(w)]
                }
            }
            return Band(firstBin: max(first, 0), weights: weights)
        }
    }

    /// The spectrogram of `samples` (32 kHz): `bandCount` rows of `frameCount(samples:)` values.
    public func spectrogram(_ samples: [Float]) -> [Float] {
        let frames = Self.frameCount(samples: samples.count)
        guard frames > 0 else { return [] }
        let length = samples.count - 1, pad = Self.fftSize / 2
        // Pre-emphasised, then reflected at both ends as torch.stft(center=True) pads.
        var emphasised = [Float](repeating: 0, count: length)
        for i in 0..<length { emphasised[i] = samples[i + 1] - Self.preemphasis * samples[i] }
        func reflected(_ j: Int) -> Float {
            var i = j - pad
            if i < 0 { i = -i }
            if i >= length { i = 2 * (length - 1) - i }
            return i >= 0 && i < length ? emphasised[i] : 0
        }
        var output = [Float](repeating: 0, count: Self.bandCount * frames)
        var frame = [Float](repeating: 0, count: Self.fftSize)
        var powers = [Float](repeating: 0, count: Self.fftSize / 2 + 1)
        var re = [Float](repeating: 0, count: Self.fftSize), im = re
        for t in 0..<frames {
            let start = t * Self.hop
            for n in 0..<Self.fftSize {
                let j = start + n
                let v = j >= pad && j < pad + length ? emphasised[j - pad] : reflected(j)
                frame[n] = v * frameWindow[n]
            }
            frame.withUnsafeBufferPointer { f in
                powers.withUnsafeMutableBufferPointer { p in
                    re.withUnsafeMutableBufferPointer { r in
                        im.withUnsafeMutableBufferPointer { i in spectrum.powers(of: f, into: p, re: r, im: i) }
                    }
                }
            }
            for (b, band) in bands.enumerated() {
                var sum: Float = 0
                for (k, w) in band.weights.enumerated() { sum += w * powers[band.firstBin + k] }
                output[b * frames + t] = ((sum + Self.logOffset).log() + Self.shift) / Self.scale
            }
        }
        return output
    }
}

private extension Float {
    func log() -> Float { Foundation.log(self) }
}

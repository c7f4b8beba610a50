import Foundation

/// Hears whether a steady tone is sounding: a spectral peak between 700 Hz and 7 kHz that
/// stands 12 dB over the median of its neighbourhood (±375 Hz) and stays within one bin
/// (31 Hz) from one 32 ms frame to the next (16 ms apart).
///
/// Rings, door chimes, alarm clocks, sirens and some car horns hold one for 0.4 s or more,
/// even laid under talk at equal loudness; the voiced harmonics of talk glide and break off.
/// `ozen sounds eval --feed 32000 --minutes 60` counts it (its "steady tone" line: the report
/// half, each recording at 0 dB in six speech recordings): alarms 12 of 12, door chimes 12 of
/// 12, sirens 23 of 24, phones 14 of 18, cats 18 of 18, car horns 6 of 12; no dog, knock,
/// kettle, water, glass or appliance; sounds that must raise nothing 11 of 54; an hour of
/// plain talk 108 windows of 7,496. The 400 ms and the 12 dB were set once from a prototype
/// of this rule, not searched. The band stops at 7 kHz: the speech recordings are 16 kHz and
/// hold nothing above 8.
///
/// Fed the classifier's audio as it comes (any rate: frames are 32 ms, so 512 samples at
/// 16 kHz and 1024 at 32 kHz); `takeLongest` says how long the longest tone heard since the
/// last call has lasted.
public struct StableTone: Sendable {
    /// A tone this long, with a window scoring the kind's `SoundKind.toneScore`, raises it.
    public static let enoughMilliseconds = 400.0
    static let lowestHertz = 700.0, highestHertz = 7000.0
    /// How far a peak must stand over the median of its neighbourhood.
    static let peakDecibels: Float = 12
    /// Bins each side of a bin that make its neighbourhood.
    static let neighbours = 12

    private let frameLength: Int
    private let hop: Int
    private let spectrum: SpectrumMagnitudes
    private let window: [Float]
    private let lowBin: Int, highBin: Int
    private let frameMilliseconds: Double
    /// Samples not yet framed (less than a frame's worth, plus what the next frame overlaps).
    private var pending: [Float] = []
    /// Frames each bin's peak has lasted, through the last frame.
    private var runs: [Int]
    private var longestSinceTaken = 0
    /// Scratch kept between frames: this runs on every sample of the live stream.
    private var levels: [Float], windowed: [Float], re: [Float], im: [Float], next: [Int]
    private var around = [Float](repeating: 0, count: 2 * neighbours + 1)
    /// Hears alarms by their rhythm in the same frames.
    private var rhythm: AlarmRhythm

    public init(rate: Int) {
        var n = 1
        while n * 1000 < rate * 32 { n *= 2 }
        frameLength = n
        hop = n / 2
        spectrum = SpectrumMagnitudes(size: n)
        // The symmetric Hann window of numpy's `hanning`, which the numbers above were measured with.
        window = (0..<n).map { Float(0.5 - 0.5 * cos(2 * Double.pi * Double($0) / Double(n - 1))) }
        lowBin = Int(Self.lowestHertz * Double(n) / Double(rate))
        highBin = min(n / 2, Int(Self.highestHertz * Double(n) / Double(rate)))
        frameMilliseconds = Double(hop) * 1000 / Double(rate)
        rhythm = AlarmRhythm(rate: rate, frameLength: n, hop: n / 2)
        runs = [Int](repeating: 0, count: n / 2 + 1)
        next = runs
        levels = [Float](repeating: 0, count: n / 2 + 1)
        windowed = [Float](repeating: 0, count: n)
        re = windowed
        im = windowed
    }

    /// Hears the next samples of the stream.
    public mutating func push(_ samples: some Sequence<Float>) {
        pending.append(contentsOf: samples)
        var used = 0
        while pending.count - used >= frameLength {
            frame(pending[used..<(used + frameLength)])
            used += hop
        }
        if used > 0 { pending.removeFirst(used) }
    }

    /// The alarm rhythm heard since the last call, if one was (`AlarmRhythm`).
    public mutating func takeRhythm() -> AlarmRhythm.Pattern? { rhythm.take() }

    /// Milliseconds the longest tone heard since the last call had lasted by its last frame.
    public mutating func takeLongest() -> Double {
        defer { longestSinceTaken = 0 }
        return Double(longestSinceTaken) * frameMilliseconds
    }

    private mutating func frame(_ samples: ArraySlice<Float>) {
        let half = frameLength / 2
        for (i, s) in samples.enumerated() { windowed[i] = s * window[i] }
        windowed.withUnsafeBufferPointer { frame in
            levels.withUnsafeMutableBufferPointer { out in
                re.withUnsafeMutableBufferPointer { r in
                    im.withUnsafeMutableBufferPointer { i in spectrum.magnitudes(of: frame, into: out, re: r, im: i) }
                }
            }
        }
        for k in levels.indices { levels[k] = 20 * log10(levels[k] + 1e-9) }
        rhythm.frame(levels)
        var longest = longestSinceTaken
        for k in lowBin..<highBin {
            next[k] = 0
            // A local peak standing `peakDecibels` over the median of its neighbourhood.
            guard k > 0, k < half, levels[k] >= levels[k - 1], levels[k] >= levels[k + 1] else { continue }
            for j in around.indices { around[j] = levels[min(half, max(0, k - Self.neighbours + j))] }
            around.sort()
            guard levels[k] - around[Self.neighbours] > Self.peakDecibels else { continue }
            next[k] = max(runs[k], runs[max(0, k - 1)], runs[min(half, k + 1)]) + 1
            longest = max(longest, next[k])
        }
        longestSinceTaken = longest
        swap(&runs, &next)
    }
}

import Foundation

/// One landmark of a sound: two spectral peaks close in time and frequency, hashed by the first
/// one's frequency, the step to the second and the time between them, and placed at the first
/// one's frame (16 ms frames from the start of what was heard).
public struct SoundLandmark: Sendable, Hashable {
    public var hash: UInt32
    public var frame: Int32

    public init(hash: UInt32, frame: Int32) {
        self.hash = hash
        self.frame = frame
    }
}

/// Turns audio into landmarks, as it comes: the fingerprint of a sound she taught, and of
/// everything the microphone hears, to be compared (`TaughtSoundMatcher`).
///
/// A doorbell, an oven's timer or a washing machine's tune is the same sound each time it
/// plays: its loudest narrow peaks stand at the same frequencies and keep the same distances in
/// time. Under talk at equal loudness those peaks still stand in their own bins (talk's energy
/// glides with the voice), so pairs of them are still found where they were when she taught
/// it, and nowhere else. This is the landmark fingerprint that audio identification has used
/// for two decades; it needs no network and one recording of the sound.
///
/// - Frames of 64 ms (1024 samples at 16 kHz, 2048 at 32 kHz), one every 16 ms, Hann window;
///   bins of 15.6 Hz at any rate, so a print taught at 16 kHz is found at 32 kHz.
/// - Peaks from 250 Hz to 7.8 kHz: the loudest in ±8 bins (±125 Hz) and in the frames either
///   side at its bin, standing `standsOver` dB over the frame's median, at most
///   `peaksPerFrame`.
/// - Each peak is paired with the next `pairsPerPeak` peaks 1–32 frames later and within
///   ±100 bins.
/// The peak rules were picked by hand from a few tries on tune-half sounds (two door chimes, a
/// telephone, a knock, the fire alarm) under tune-half talk, with a throwaway test not kept;
/// the talk beside them included the pyannote call, which is also one of the report half's
/// speech recordings. The usual sparse print (peaks the loudest in ±4 frames, 3 a frame) found
/// 247 / 234 / 206 of the report half's 270 mixes at 0 / −10 / −20 dB where this one finds more
/// (`ozen sounds eval --taught`, `TaughtSoundMatcher` for today's figures): a short chime
/// leaves too few landmarks in it, and fewer still survive talk.
public struct SoundLandmarks: Sendable {
    public static let frameSeconds = 0.016
    static let lowestHertz = 250.0, highestHertz = 7800.0
    static let peakBins = 8, peakFrames = 1
    static let standsOver: Float = 10
    /// Quieter than this (dB under a full-scale sine) is no peak: a room's hush is not a sound.
    static let floorDecibels: Float = -75
    static let peaksPerFrame = 8
    static let pairsPerPeak = 5
    static let longestPair = 32, widestPair = 100

    /// A peak found: its frame, its bin and its level (dB).
    struct Peak: Sendable {
        var frame: Int
        var bin: Int
        var level: Float
        var pairs = 0
    }

    private let frameLength: Int
    private let hop: Int
    private let spectrum: SpectrumMagnitudes
    private let window: [Float]
    private let lowBin: Int, highBin: Int
    /// Turns a bin's magnitude into dB under a full-scale sine at this frame length.
    private let scale: Float
    private var pending: [Float] = []
    /// Frames heard so far; the next frame's number.
    private var frames = 0
    /// The last `2 × peakFrames + 1` frames' levels over the band, oldest first.
    private var recent: [[Float]] = []
    /// Peaks still waiting for later peaks to pair with.
    private var open: [Peak] = []
    private var windowed: [Float], magnitudes: [Float], re: [Float], im: [Float]
    /// When set (teaching), peaks more than this far under the loudest peak so far are left out.
    private let withinOfLoudest: Float?
    private var loudest: Float = -200

    /// For audio at `rate` samples a second. `withinOfLoudest`: keep only peaks within this many
    /// dB of the loudest one heard (teaching from a recording of the sound alone).
    public init(rate: Int, withinOfLoudest: Float? = nil) {
        var n = 1
        while Double(n) < Double(rate) * 0.064 { n *= 2 }
        frameLength = n
        hop = Int((Double(rate) * Self.frameSeconds).rounded())
        spectrum = SpectrumMagnitudes(size: n)
        window = (0..<n).map { Float(0.5 - 0.5 * cos(2 * Double.pi * Double($0) / Double(n))) }
        lowBin = Int(Self.lowestHertz * Double(n) / Double(rate))
        highBin = min(n / 2 - 1, Int(Self.highestHertz * Double(n) / Double(rate)))
        scale = 20 * log10(Float(n) / 4)
        windowed = [Float](repeating: 0, count: n)
        magnitudes = [Float](repeating: 0, count: n / 2 + 1)
        re = windowed
        im = windowed
        self.withinOfLoudest = withinOfLoudest
    }

    /// Every landmark of a whole recording (teaching).
    public static func of(_ samples: [Float], rate: Int, withinOfLoudest: Float? = nil) -> [SoundLandmark] {
        var landmarks = SoundLandmarks(rate: rate, withinOfLoudest: withinOfLoudest)
        var found = landmarks.push(samples)
        found += landmarks.push([Float](repeating: 0, count: Int(Double(rate) * Self.frameSeconds) * (Self.peakFrames + 1)))
        if let within = withinOfLoudest {
            // The loudest is known only at the end: peaks found before it was are checked again.
            found = found.filter { landmarks.levels[$0] ?? 0 >= landmarks.loudest - within }
        }
        return found
    }

    /// Levels of the anchors of landmarks found while teaching, by landmark.
    private var levels: [SoundLandmark: Float] = [:]

    /// The landmarks completed by these samples: each as soon as its second peak is sure.
    public mutating func push(_ samples: [Float]) -> [SoundLandmark] {
        pending.append(contentsOf: samples)
        var used = 0
        var found: [SoundLandmark] = []
        while pending.count - used >= frameLength {
            frame(pending[used..<(used + frameLength)], into: &found)
            used += hop
        }
        if used > 0 { pending.removeFirst(used) }
        return found
    }

    /// The frame most recently heard, in the frames landmarks are placed in.
    public var framesHeard: Int { frames }

    private mutating func frame(_ samples: ArraySlice<Float>, into found: inout [SoundLandmark]) {
        for (i, s) in samples.enumerated() { windowed[i] = s * window[i] }
        windowed.withUnsafeBufferPointer { frame in
            magnitudes.withUnsafeMutableBufferPointer { out in
                re.withUnsafeMutableBufferPointer { r in
                    im.withUnsafeMutableBufferPointer { i in spectrum.magnitudes(of: frame, into: out, re: r, im: i) }
                }
            }
        }
        var band = [Float](repeating: 0, count: highBin - lowBin + 1)
        for k in lowBin...highBin { band[k - lowBin] = 20 * log10(magnitudes[k] + 1e-9) - scale }
        recent.append(band)
        frames += 1
        let span = 2 * Self.peakFrames + 1
        if recent.count > span { recent.removeFirst() }
        guard recent.count == span else { return }
        // The middle frame's peaks are sure now that the frames after it are heard.
        let centre = frames - 1 - Self.peakFrames
        for peak in peaks(in: recent, frame: centre) { pair(peak, into: &found) }
    }

    /// The middle frame's peaks: loudest near it in frequency and at its bin in time.
    private mutating func peaks(in frames: [[Float]], frame: Int) -> [Peak] {
        let middle = frames[Self.peakFrames]
        let median = middle.sorted()[middle.count / 2]
        var found: [Peak] = []
        for k in middle.indices {
            let level = middle[k]
            guard level >= Self.floorDecibels, level - median >= Self.standsOver else { continue }
            let low = max(0, k - Self.peakBins), high = min(middle.count - 1, k + Self.peakBins)
            var isPeak = true
            for j in low...high where j != k && middle[j] > level || (j != k && middle[j] == level && j < k) {
                isPeak = false
                break
            }
            guard isPeak else { continue }
            for other in frames.indices where other != Self.peakFrames {
                let row = frames[other]
                if row[max(0, k - 1)...min(row.count - 1, k + 1)].contains(where: { $0 > level }) {
                    isPeak = false
                    break
                }
            }
            if isPeak { found.append(Peak(frame: frame, bin: k + lowBin, level: level)) }
        }
        found.sort { $0.level > $1.level }
        return Array(found.prefix(Self.peaksPerFrame))
    }

    /// Pairs a new peak with the open peaks before it, and keeps it open for those after.
    private mutating func pair(_ peak: Peak, into found: inout [SoundLandmark]) {
        open.removeAll { peak.frame - $0.frame > Self.longestPair }
        if let within = withinOfLoudest {
            loudest = max(loudest, peak.level)
            guard peak.level >= loudest - within else { return }
        }
        for index in open.indices where open[index].pairs < Self.pairsPerPeak && open[index].frame < peak.frame {
            let anchor = open[index]
            let step = peak.bin - anchor.bin
            guard abs(step) <= Self.widestPair else { continue }
            let landmark = SoundLandmark(hash: Self.hash(bin: anchor.bin, step: step, frames: peak.frame - anchor.frame),
                                         frame: Int32(anchor.frame))
            found.append(landmark)
            if withinOfLoudest != nil { levels[landmark] = min(anchor.level, peak.level) }
            open[index].pairs += 1
        }
        open.append(peak)
    }

    /// Bin (9 bits), step (8 bits, ±100 offset) and frames apart (6 bits) in one number.
    static func hash(bin: Int, step: Int, frames: Int) -> UInt32 {
        UInt32(bin & 0x1FF) << 14 | UInt32((step + 128) & 0xFF) << 6 | UInt32(frames & 0x3F)
    }
}

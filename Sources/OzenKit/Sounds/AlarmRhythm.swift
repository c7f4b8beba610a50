/// Hears a smoke alarm by its rhythm, not by what a tagger calls it.
///
/// Smoke and fire alarms sound the temporal-three pattern of ISO 8201 and NFPA 72: three beeps of
/// about 0.5 s, 0.5 s apart, then 1.5 s of quiet, at 3.0–3.5 kHz, or at 520 Hz (a square wave)
/// in alarms made for people with hearing loss; carbon-monoxide alarms sound temporal-four:
/// four 0.1 s beeps 0.1 s apart, then about 5 s of quiet (docs/how-it-works.md, "Alarms by
/// their rhythm"). A tagger trained on AudioSet hears such beeps under talk or music as "Beep, bleep"
/// or "Music"; the tone itself is narrow, steady and loud in its one frequency bin, so it stands
/// out of talk even at −10 dB.
///
/// Fed each frame's spectrum in dB (`StableTone` hands on its frames), it follows every frequency
/// of the alarm bands on its own (2.6–4.2 kHz; 440–620 Hz where a narrow peak has its third
/// harmonic, as a square wave has, so the 480 + 620 Hz busy tone is not one): a beep starts
/// where a narrow peak stands, and that frequency's level is cut into beeps (on
/// within 10 dB of its recent loudest, off 18 dB under it: a room's echo fills the gaps of a real
/// alarm to about 35 dB under its beeps), and finds the pattern:
/// - temporal-three: three beeps of 0.25–0.8 s, each starting 0.6–1.4 s after the one before
///   (evenly: the two spacings within a third of each other), after at least 0.9 s without a
///   beep; sure once the third has lasted 0.25 s, about 2.3 s after the first beep began;
///
/// Temporal-four (carbon monoxide) is not listened for by rhythm: its 0.1 s beeps are as short
/// as talk's steady moments at one frequency, and four of them in a row came out of plain talk
/// (Kennedy, LibriVox) when tried; with no real carbon-monoxide alarm recorded here to tell them
/// apart, the tagger's classes are what hear one.
///
/// The ranges are wider than the standards' ±10 % because real alarms are: the one real
/// recording here (a house fire alarm, freesound 325367, CC0) beeps 0.5 s on and 0.3 s off at
/// 3.08 kHz, groups 3.3 s apart. They were set from the standards and that recording, once; the
/// recording is the test, not a table searched.
public struct AlarmRhythm: Sendable {
    /// The rhythm heard, as the alert's class names it.
    public enum Pattern: String, Sendable, Equatable {
        case temporalThree = "Smoke alarm (temporal-three rhythm)"
    }

    /// The kind a rhythm raises (`SoundKind.all`: smoke alarms and alarm clocks are one kind).
    public static let kind = "alarm"
    /// Seconds from one group found to the next within which the alarm is still the same
    /// sounding: a temporal-three cycle is 4 s (the fire alarm's 3.3 s), a group may be missed.
    public static let groupsWithin = 8.5
    static let highBand = 2600.0...4200.0, lowBand = 440.0...620.0
    /// How far a peak must stand over the median of its neighbourhood (as `StableTone`'s).
    static let peakDecibels: Float = 12
    static let neighbours = 12
    /// A beep is on within this many dB of the tone's recent loudest, and off this far under it.
    static let onWithin: Float = 10, offUnder: Float = 18
    /// How fast the tone's loudest is forgotten, dB a second.
    static let loudestFades: Float = 6
    /// Seconds without a beep that end following a tone.
    static let forgetAfter = 6.0
    /// The share of a beep's frames that hold a narrow peak at its frequency.
    static let narrowShare = 0.7
    /// How far apart (dB) the loudest moments of a pattern's three beeps may be: an alarm's
    /// beeps are equally loud.
    static let evenWithin: Float = 6
    /// Seconds a beep lasts at least to count as one.
    static let shortestBeep = 0.15
    /// Seconds without a beep before a pattern's first.
    static let quietBefore = 0.9

    private let frameSeconds: Double
    private let highBins: ClosedRange<Int>, lowBins: ClosedRange<Int>
    private var frames = 0
    /// Each frequency of the alarm bands is followed on its own, so talk's louder low
    /// harmonics never take the place of an alarm's tone (a bin's beeps are its own).
    private var followed: [Follow] = []
    /// The bins followed, in the order of `followed` (worked out once: this runs on every frame).
    private var followedBins: [Int] = []
    /// When a pattern was last found, so one group (heard in neighbouring bins too) raises it once.
    private var foundAt = -10.0
    private var heard: Pattern?
    private var around = [Float](repeating: 0, count: 2 * AlarmRhythm.neighbours + 1)

    /// One frequency's recent loudest (dB), whether a beep is on there and since when, and its beeps.
    private struct Follow: Sendable {
        var loudest: Float = -200
        var on = false
        var onStart = 0.0
        var lastOn = -100.0
        /// Frames of the beep that is on, those of them holding the narrow peak, and its loudest.
        var frames = 0, narrowFrames = 0
        var top: Float = -200
        /// Oldest first (seconds), at most the last eight.
        var beeps: [Beep] = []
    }

    /// A beep heard: when it began and ended (seconds) and how loud it was at its loudest (dB).
    struct Beep: Sendable {
        var start: Double, end: Double, top: Float
    }

    /// For frames of `frameLength` samples at `rate`, one every `hop` samples.
    public init(rate: Int, frameLength: Int, hop: Int) {
        frameSeconds = Double(hop) / Double(rate)
        let hertzPerBin = Double(rate) / Double(frameLength)
        let bins = { (band: ClosedRange<Double>) in
            Int((band.lowerBound / hertzPerBin).rounded(.down))...Int((band.upperBound / hertzPerBin).rounded(.up))
        }
        let top = frameLength / 2 - Self.neighbours - 1
        let high = bins(Self.highBand)
        highBins = min(high.lowerBound, top)...min(high.upperBound, top)
        lowBins = bins(Self.lowBand)
        followedBins = Array(highBins) + Array(lowBins)
        followed = Array(repeating: Follow(), count: followedBins.count)
    }

    /// The pattern heard since the last call, if one was.
    public mutating func take() -> Pattern? {
        defer { heard = nil }
        return heard
    }

    /// Hears one frame: `levels` are its bins' magnitudes in dB (`frameLength / 2 + 1` of them).
    public mutating func frame(_ levels: [Float]) {
        let now = Double(frames) * frameSeconds
        frames += 1
        let peaks = narrowPeaks(in: levels)
        for (index, k) in followedBins.enumerated() {
            var follow = followed[index]
            let level = levels[max(0, k - 1)...min(levels.count - 1, k + 1)].max() ?? -200
            follow.loudest = max(level, follow.loudest - Self.loudestFades * Float(frameSeconds))
            let narrow = peaks.contains(k) || peaks.contains(k - 1) || peaks.contains(k + 1)
            if !follow.on, narrow, level >= follow.loudest - Self.onWithin {
                follow.on = true
                follow.onStart = now
                (follow.frames, follow.narrowFrames, follow.top) = (0, 0, level)
            } else if follow.on, level < follow.loudest - Self.offUnder {
                follow.on = false
                // Talk's blips at one frequency (under 0.15 s) are no beeps: one just before a
                // group would otherwise hide the quiet before it (the fire alarm 10 dB under
                // Kennedy lost its second and third groups to them).
                // Nor is a stretch whose frequency held no narrow peak most of the time: talk's
                // broad sound at a frequency lasts, an alarm's tone is narrow throughout.
                if now - follow.onStart >= Self.shortestBeep,
                   Double(follow.narrowFrames) >= Self.narrowShare * Double(follow.frames) {
                    follow.beeps.append(Beep(start: follow.onStart, end: now, top: follow.top))
                    if follow.beeps.count > 8 { follow.beeps.removeFirst() }
                }
            }
            if follow.on {
                follow.lastOn = now
                follow.frames += 1
                if narrow { follow.narrowFrames += 1 }
                follow.top = max(follow.top, level)
                if now - follow.onStart >= 0.25, Self.temporalThree(follow.beeps, thirdStart: follow.onStart, thirdTop: follow.top),
                   now - foundAt > 1.5 {
                    found(.temporalThree, at: now)
                }
            } else if now - follow.lastOn > Self.forgetAfter, !follow.beeps.isEmpty {
                follow = Follow()
            }
            followed[index] = follow
        }
    }

    private mutating func found(_ pattern: Pattern, at now: Double) {
        foundAt = now
        heard = pattern
    }

    /// Two beeps heard and a third on since `thirdStart` make temporal-three.
    static func temporalThree(_ beeps: [Beep], thirdStart: Double, thirdTop: Float) -> Bool {
        guard beeps.count >= 2 else { return false }
        let first = beeps[beeps.count - 2], second = beeps[beeps.count - 1]
        let tops = [first.top, second.top, thirdTop]
        let lengths = [first.end - first.start, second.end - second.start]
        let spacings = [second.start - first.start, thirdStart - second.start]
        return lengths.allSatisfy { (0.25...0.8).contains($0) }
            && spacings.allSatisfy { (0.6...1.4).contains($0) }
            && spacings.max()! <= spacings.min()! * 4 / 3
            && tops.max()! - tops.min()! <= evenWithin
            && (beeps.count < 3 || first.start - beeps[beeps.count - 3].end >= quietBefore)
    }

    /// The bins of the alarm bands holding a narrow peak that stands `peakDecibels` over its
    /// neighbourhood (in the low band, with its third harmonic standing too).
    private mutating func narrowPeaks(in levels: [Float]) -> Set<Int> {
        var peaks: Set<Int> = []
        for band in [highBins, lowBins] {
            for k in band where k > 0 && k + 1 < levels.count && levels[k] >= levels[k - 1] && levels[k] >= levels[k + 1] {
                guard stands(levels, at: k, by: Self.peakDecibels) else { continue }
                if band == lowBins {
                    let third = 3 * k
                    guard third + 1 < levels.count,
                          (third - 1...third + 1).contains(where: { stands(levels, at: $0, by: Self.peakDecibels / 2) }) else { continue }
                }
                peaks.insert(k)
            }
        }
        return peaks
    }

    private mutating func stands(_ levels: [Float], at k: Int, by decibels: Float) -> Bool {
        let last = levels.count - 1
        for j in around.indices { around[j] = levels[min(last, max(0, k - Self.neighbours + j))] }
        around.sort()
        return levels[k] - around[Self.neighbours] > decibels
    }
}

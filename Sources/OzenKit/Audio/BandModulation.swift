import Foundation

/// How much speech's two bands rise and fall: the level of 20 ms frames in 100–800 Hz (where a
/// voice's pitch and first formant sit) and in 1–4 kHz (second formants and consonants, what
/// makes words understandable), as the decibels between the 95th and the 10th percentile frame.
///
/// A television murmuring in the next room is speech with the 1–4 kHz band gone: its low band
/// still rises and falls with syllables while its high band is flat noise. Whisper base wrote
/// whole paragraphs of invented text on it. What chose the numbers (4 s stretches, measured
/// 2026-12-01 on the fixtures): the murmur (Tests/Fixtures/downloaded/noise/tv-murmur.wav)
/// high band 3.3–6.5 dB, 6–12 dB under its low band; every clean speech recording here 21 dB
/// or more in the high band; the lecture under pink noise at −2 dB SNR, which Whisper still
/// mostly understood, 4.6–6.4 dB high but never more than 5.2 dB under its low band.
///
/// One stretch of the murmur (40.0–46.5 s) moved its high band more than that (6.1 dB, 5.4 under
/// its low band) and came back as a line in Hebrew and Swedish. What sets it apart is how little
/// the high band holds: a flat high band under loud noise is full (the lecture under pink noise:
/// 4.0–5.4 dB under the low band's energy, 4 s stretches), the murmur's is nearly empty (18.3–22.1
/// dB under). A near voice, flat or not, measured −17.7 to −1.3 dB (every speech recording among
/// the fixtures, 4 s stretches, 2026-12-04), but its high band is never flat (21 dB or more).
public struct BandModulation: Sendable, Equatable {
    public var lowDepth: Double
    public var highDepth: Double
    /// The high band's energy against the low band's (dB; 0 when not measured).
    public var highShare: Double

    /// A flat high band this far under a moving low band is speech too muffled to understand.
    public static let flatHighBelow = 8.0
    public static let muffledGapAtLeast = 6.0
    /// A flat high band that holds this little of the energy: the voice's consonants are not
    /// there at all, only a room's quiet noise. Midway between the lecture under pink noise
    /// (−5.4 dB at most) and the murmur (−18.3 dB at least).
    public static let emptyHighBelow = -12.0

    public init(lowDepth: Double, highDepth: Double, highShare: Double = 0) {
        self.lowDepth = lowDepth
        self.highDepth = highDepth
        self.highShare = highShare
    }

    /// Measures 16 kHz samples (at least one frame).
    public init(measuring samples: [Float], rate: Double = 16_000) {
        let low = Self.band(samples, from: 100, to: 800, rate: rate)
        let high = Self.band(samples, from: 1_000, to: 4_000, rate: rate)
        lowDepth = Self.depth(of: low, rate: rate)
        highDepth = Self.depth(of: high, rate: rate)
        let lowEnergy = low.reduce(0) { $0 + $1 * $1 }, highEnergy = high.reduce(0) { $0 + $1 * $1 }
        highShare = lowEnergy > 0 && highEnergy > 0 ? 10 * log10(highEnergy / lowEnergy) : 0
    }

    /// Speech that no one could follow: the high band flat while the low band moves, or flat
    /// and nearly empty.
    public var soundsMuffled: Bool {
        highDepth < Self.flatHighBelow
            && (lowDepth - highDepth >= Self.muffledGapAtLeast || highShare < Self.emptyHighBelow)
    }

    /// The band between `low` and `high` Hz: two high-pass and two low-pass Butterworth
    /// sections (24 dB per octave each side).
    static func band(_ samples: [Float], from low: Double, to high: Double, rate: Double) -> [Double] {
        var signal = samples.map(Double.init)
        for section in [Biquad.highPass(low, rate: rate), .highPass(low, rate: rate),
                        .lowPass(high, rate: rate), .lowPass(high, rate: rate)] {
            section.filter(&signal)
        }
        return signal
    }

    static func depth(of signal: [Double], rate: Double) -> Double {
        let frame = Int(rate * 0.02)
        guard signal.count >= frame else { return 0 }
        var energies: [Double] = []
        energies.reserveCapacity(signal.count / frame)
        var start = 0
        while start + frame <= signal.count {
            var sum = 0.0
            for x in signal[start..<start + frame] { sum += x * x }
            energies.append(sum / Double(frame) + 1e-12)
            start += frame
        }
        energies.sort()
        let at = { (q: Double) in energies[min(energies.count - 1, Int(q * Double(energies.count - 1)))] }
        return 10 * log10(at(0.95) / at(0.10))
    }
}

/// One second-order section (Robert Bristow-Johnson's cookbook, Q = 1/√2).
struct Biquad {
    var b0, b1, b2, a1, a2: Double

    static func highPass(_ frequency: Double, rate: Double) -> Biquad { make(frequency, rate: rate, highPass: true) }
    static func lowPass(_ frequency: Double, rate: Double) -> Biquad { make(frequency, rate: rate, highPass: false) }

    private static func make(_ frequency: Double, rate: Double, highPass: Bool) -> Biquad {
        let w = 2 * Double.pi * frequency / rate
        let alpha = sin(w) / (2 * 0.5.squareRoot()), c = cos(w), a0 = 1 + alpha
        let b = highPass ? [(1 + c) / 2, -(1 + c), (1 + c) / 2] : [(1 - c) / 2, 1 - c, (1 - c) / 2]
        return Biquad(b0: b[0] / a0, b1: b[1] / a0, b2: b[2] / a0, a1: -2 * c / a0, a2: (1 - alpha) / a0)
    }

    func filter(_ x: inout [Double]) {
        var x1 = 0.0, x2 = 0.0, y1 = 0.0, y2 = 0.0
        for i in x.indices {
            let input = x[i]
            let y = b0 * input + b1 * x1 + b2 * x2 - a1 * y1 - a2 * y2
            x2 = x1; x1 = input; y2 = y1; y1 = y
            x[i] = y
        }
    }
}

import Foundation

/// A real sound laid into real speech at a chosen loudness, the way a doorbell rings while
/// people talk: how `ozen sounds eval` and the sound tests make their trials.
///
/// Loudness is the RMS of each signal's active part (its 20 ms frames within 40 dB of its
/// loudest frame), so the pauses of speech and the silence around a ring do not count:
/// +6 dB is a ring louder than the talk, −12 dB one in the next room.
public enum SoundMix {
    /// `speech` with `sound` added from sample `offset` on (the speech is looped when too short),
    /// scaled so the sound's active loudness is `levelDB` relative to the speech's. A mix that
    /// would clip is scaled down as a whole.
    public static func mix(sound: [Float], into speech: [Float], at offset: Int, levelDB: Double,
                           rate: Int = MonoAudio.speechRate) -> [Float] {
        precondition(!speech.isEmpty)
        let length = max(speech.count, offset + sound.count)
        var out = (0..<length).map { speech[$0 % speech.count] }
        let gain = Float(activeRMS(speech, rate: rate) / max(activeRMS(sound, rate: rate), 1e-9) * pow(10, levelDB / 20))
        for (i, s) in sound.enumerated() { out[offset + i] += s * gain }
        let peak = out.reduce(0) { max($0, abs($1)) }
        if peak > 0.99 {
            let scale = 0.99 / peak
            for i in out.indices { out[i] *= scale }
        }
        return out
    }

    /// RMS over the 20 ms frames within 40 dB of the loudest frame.
    public static func activeRMS(_ samples: [Float], rate: Int = MonoAudio.speechRate) -> Double {
        let frame = rate / 50
        var energies: [Double] = []
        var start = 0
        while start < samples.count {
            let end = min(samples.count, start + frame)
            var sum = 0.0
            for i in start..<end { sum += Double(samples[i]) * Double(samples[i]) }
            energies.append(sum / Double(end - start))
            start = end
        }
        guard let loudest = energies.max(), loudest > 0 else { return 0 }
        let active = energies.filter { $0 >= loudest * 1e-4 }
        return (active.reduce(0, +) / Double(active.count)).squareRoot()
    }

    /// The sound played `times` times with `gapSeconds` of silence between (a phone rings
    /// again and again; a doorbell is pressed twice), `rate` samples a second.
    public static func repeated(_ sound: [Float], times: Int, gapSeconds: Double, rate: Int = MonoAudio.speechRate) -> [Float] {
        let gap = [Float](repeating: 0, count: Int(gapSeconds * Double(rate)))
        var out: [Float] = []
        for i in 0..<max(1, times) {
            if i > 0 { out += gap }
            out += sound
        }
        return out
    }
}

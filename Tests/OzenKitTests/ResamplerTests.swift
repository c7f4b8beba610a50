import Foundation
import OzenKit
import OzenTestSupport
import Testing

/// Rate conversion keeps speech intact and keeps out what the lower rate cannot hold.
@Suite struct ResamplerTests {
    func tone(_ hz: Double, rate: Int, seconds: Double) -> [Float] {
        (0..<Int(Double(rate) * seconds)).map { Float(0.5 * sin(2 * Double.pi * hz * Double($0) / Double(rate))) }
    }

    func rms(_ x: ArraySlice<Float>) -> Double {
        sqrt(x.reduce(0) { $0 + Double($1) * Double($1) } / Double(x.count))
    }

    @Test func keepsAToneInTheSpeechBand() {
        let out = Resampler(from: 44_100, to: 16_000).resample(tone(1_000, rate: 44_100, seconds: 0.5))
        #expect(out.count == 8_000)
        let expected = tone(1_000, rate: 16_000, seconds: 0.5)
        let middle = 1_000..<7_000
        let worst = zip(out[middle], expected[middle]).map { abs($0 - $1) }.max() ?? 1
        #expect(worst < 0.01)
    }

    @Test func removesWhatTheLowerRateCannotHold() {
        // 12 kHz would fold to 4 kHz, right in the speech band.
        let out = Resampler(from: 48_000, to: 16_000).resample(tone(12_000, rate: 48_000, seconds: 0.5))
        #expect(rms(out[1_000..<7_000]) < 0.005)
    }

    @Test func roundTripOfRealSpeechStaysClose() throws {
        let speech = try WAVDecoder().read(path: Fixtures.jfk.path).samples.prefix(48_000)
        let up = Resampler(from: 16_000, to: 22_050).resample(Array(speech))
        let back = Resampler(from: 22_050, to: 16_000).resample(up)
        let middle = 1_000..<46_000
        let error = rms(ArraySlice(zip(back[middle], speech[middle]).map { $0 - $1 }))
        #expect(error < 0.05 * rms(speech[middle]))
    }

    /// The taps computed once per output position give what summing the windowed sinc at every
    /// tap gives (written out here as the filter is defined), on real speech, for the rate
    /// pairs Ozen meets: a microphone's 44.1 and 48 kHz brought to 16 and 32 kHz, and the
    /// phone's 16 kHz brought up to 32 kHz for the sound alerts.
    @Test func precomputedTapsEqualTheFilterAsDefined() throws {
        let speech = Array(try WAVDecoder().read(path: Fixtures.jfk.path).samples.prefix(16_000))
        for (from, to) in [(16_000, 32_000), (48_000, 16_000), (44_100, 16_000), (48_000, 32_000), (44_100, 32_000)] {
            let input = from == 16_000 ? speech : Resampler(from: 16_000, to: from).resample(speech)
            let out = Resampler(from: from, to: to).resample(input)
            let ratio = Double(to) / Double(from)
            let cutoff = 0.95 * min(1, ratio), reach = 16 / cutoff
            var worst = 0.0
            for n in stride(from: 0, to: out.count, by: 97) {
                let t = Double(n) / ratio
                var acc = 0.0
                for k in max(0, Int((t - reach).rounded(.up)))...min(input.count - 1, Int((t + reach).rounded(.down))) {
                    let d = Double(k) - t, arg = Double.pi * d * cutoff
                    acc += Double(input[k]) * cutoff * (abs(arg) < 1e-9 ? 1 : sin(arg) / arg) * (0.5 + 0.5 * cos(Double.pi * d / reach))
                }
                worst = max(worst, abs(acc - Double(out[n])))
            }
            #expect(worst < 1e-6, "\(from) → \(to): \(worst)")
        }
    }
}

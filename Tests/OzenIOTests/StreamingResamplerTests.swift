import Foundation
import OzenIO
import OzenKit
import OzenTestSupport
import Testing

/// A microphone's pieces, resampled one by one, join into the same audio as resampling the
/// whole recording at once.
@Suite struct StreamingResamplerTests {
    @Test(arguments: [44_100, 48_000, 22_050, 16_000])
    func piecesJoinLikeTheWhole(rate: Int) throws {
        let speech = try WAVDecoder().read(path: Fixtures.jfk.path).samples
        // The JFK clip as a microphone at `rate` would have heard it.
        let microphone = Array(Resampler(from: 16_000, to: rate).resample(Array(speech.prefix(48_000))))
        let whole = Resampler(from: rate, to: 16_000).resample(microphone)
        var streaming = StreamingResampler(from: rate, to: 16_000)
        var joined: [Float] = []
        var random = SplitMix(seed: 7)
        var start = 0
        while start < microphone.count {
            // Callback sizes vary: 1 to 4,800 samples (0.1 s at 48 kHz).
            let size = 1 + Int(random.next() % 4_800)
            joined += streaming.push(Array(microphone[start..<min(start + size, microphone.count)]))
            start += size
        }
        // Everything but the last filter reach has come out, and it matches.
        #expect(joined.count <= whole.count)
        #expect(joined.count >= whole.count - 60)
        let worst = zip(joined, whole).map { abs($0 - $1) }.max() ?? 0
        #expect(worst < 1e-5)
    }
}

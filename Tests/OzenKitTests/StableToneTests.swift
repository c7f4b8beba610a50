import Foundation
import OzenKit
import OzenTestSupport
import Testing

/// `StableTone` on real recordings: an old telephone's ring and a door chime laid into real talk
/// at equal loudness hold a steady tone of 0.4 s within 1.5 s of starting, at 16 and at
/// 32 kHz; the talk alone, and a dog's barks laid into it, never do.
@Suite struct StableToneTests {
    /// The longest tone in each 0.48 s of `samples`, taken as `SoundWatch` takes it between windows.
    func longestPerWindow(_ samples: [Float], rate: Int) -> [Double] {
        var tone = StableTone(rate: rate)
        let hop = rate * 48 / 100
        return stride(from: 0, to: samples.count, by: hop).map { start in
            tone.push(Array(samples[start..<min(samples.count, start + hop)]))
            return tone.takeLongest()
        }
    }

    /// jfk, and from 2 s on the alert recording `file` at 0 dB against him, at `rate`.
    func laidIntoTalk(_ file: String?, rate: Int) throws -> [Float] {
        let talk = try WAVDecoder().read(path: Fixtures.jfk.path).atSpeechRate().samples
        let speech = rate == MonoAudio.speechRate ? talk : Resampler(from: MonoAudio.speechRate, to: rate).resample(talk)
        guard let file else { return speech }
        let folder = rate == MonoAudio.speechRate ? "alerts/" : "alerts/32k/"
        let sound = try WAVDecoder().read(path: Fixtures.path(folder + file))
        #expect(sound.sampleRate == rate || rate == MonoAudio.speechRate)
        let samples = rate == MonoAudio.speechRate ? sound.atSpeechRate().samples : sound.samples
        return SoundMix.mix(sound: samples, into: speech, at: 2 * rate, levelDB: 0, rate: rate)
    }

    @Test(arguments: [16_000, 32_000])
    func aRingAndAChimeUnderTalkHoldATone(rate: Int) throws {
        for file in ["phone-old-bell.wav", "doorbell-homedecor.wav"] {
            let windows = longestPerWindow(try laidIntoTalk(file, rate: rate), rate: rate)
            // Windows end every 0.48 s; the sound starts at 2 s (the chime's second tone, which
            // holds, comes 0.9 s in).
            let first = windows.firstIndex { $0 >= StableTone.enoughMilliseconds }
            #expect(first.map { Double($0 + 1) * 0.48 <= 3.5 } == true, "\(file) at \(rate) Hz: \(windows)")
        }
    }

    @Test(arguments: [16_000, 32_000])
    func talkAndBarkingHoldNone(rate: Int) throws {
        for file in [nil, "dog-barks-1.wav"] {
            let windows = longestPerWindow(try laidIntoTalk(file, rate: rate), rate: rate)
            #expect(windows.count >= 20)
            #expect(windows.allSatisfy { $0 < StableTone.enoughMilliseconds }, "\(file ?? "jfk") at \(rate) Hz: \(windows)")
        }
    }

    /// Fed in any pieces, the tones heard are the same.
    @Test func piecesDoNotMatter() throws {
        let samples = try laidIntoTalk("phone-old-bell.wav", rate: 16_000)
        var whole = StableTone(rate: 16_000), pieces = StableTone(rate: 16_000)
        whole.push(samples)
        var start = 0
        while start < samples.count {
            let end = min(samples.count, start + 1_237)
            pieces.push(Array(samples[start..<end]))
            start = end
        }
        let longest = whole.takeLongest()
        #expect(longest >= StableTone.enoughMilliseconds && longest == pieces.takeLongest())
        #expect(whole.takeLongest() == 0)
    }
}

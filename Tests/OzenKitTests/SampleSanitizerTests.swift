import OzenKit
import OzenTestSupport
import Testing

/// Input hygiene: what is not a number, beyond ±1 or pinned at full scale becomes silence and is
/// counted; real speech goes through untouched.
@Suite struct SampleSanitizerTests {
    /// JFK's recording at 16 kHz: real speech whose peak (0.78) is well below full scale.
    let speech: [Float]

    init() throws {
        speech = try WAVDecoder().read(path: Fixtures.jfk.path).atSpeechRate().samples
    }

    @Test func realSpeechPassesThroughBitIdentical() {
        var sanitizer = SampleSanitizer()
        let out = sanitizer.clean(speech)
        #expect(out.count == speech.count)
        #expect(out.map(\.bitPattern) == speech.map(\.bitPattern))
        #expect(sanitizer.counts == SampleSanitizer.Counts())
        #expect(sanitizer.counts.total == 0)
    }

    @Test func notNumbersAndOutOfRangeBecomeSilenceCountedPerKind() {
        var input = Array(speech[20_000..<24_000])
        let bad: [(Int, Float)] = [(10, .nan), (11, .infinity), (500, -.infinity), (900, .signalingNaN),
                                   (1_000, 1.5), (1_001, -1.0001), (3_999, 7)]
        for (i, x) in bad { input[i] = x }
        var sanitizer = SampleSanitizer()
        let out = sanitizer.clean(input)
        #expect(sanitizer.counts.notNumbers == 4)
        #expect(sanitizer.counts.outOfRange == 3)
        #expect(sanitizer.counts.clipped == 0)
        #expect(sanitizer.counts.total == 7)
        for (i, _) in bad { #expect(out[i] == 0) }
        // Everything else is the speech as it was.
        let badIndices = Set(bad.map(\.0))
        for i in input.indices where !badIndices.contains(i) { #expect(out[i].bitPattern == input[i].bitPattern) }
        #expect(!out.contains { !$0.isFinite })
    }

    @Test func exactlyFullScaleIsInRange() {
        var sanitizer = SampleSanitizer()
        let out = sanitizer.clean([1, -1, 0.5])
        #expect(out == [1, -1, 0.5])
        #expect(sanitizer.counts.outOfRange == 0)
    }

    @Test(arguments: [32, 40, 1_600])
    func aClippingBurstInSpeechBecomesSilence(_ length: Int) {
        var input = speech
        let at = 30_000
        // A pinned input: full scale of either sign (a square wave), as a cable fault gives.
        for i in at..<at + length { input[i] = (i / 7).isMultiple(of: 2) ? 1 : -0.9995 }
        var sanitizer = SampleSanitizer()
        let out = sanitizer.clean(input)
        #expect(sanitizer.counts.clipped == length)
        #expect(sanitizer.counts.notNumbers == 0 && sanitizer.counts.outOfRange == 0)
        #expect(out[at..<at + length].allSatisfy { $0 == 0 })
        #expect(Array(out[..<at]) == Array(speech[..<at]))
        #expect(Array(out[(at + length)...]) == Array(speech[(at + length)...]))
    }

    @Test func aRunJustShorterThanABurstIsKept() {
        var input = speech
        for i in 30_000..<30_000 + SampleSanitizer.clippingRun - 1 { input[i] = -1 }
        var sanitizer = SampleSanitizer()
        #expect(sanitizer.clean(input) == input)
        #expect(sanitizer.counts.total == 0)
    }

    @Test func aTwoSamplePeakInRealSpeechIsUntouched() {
        // Real speech touching full scale for a sample or two: kept as it is.
        var input = speech
        let loudest = speech.indices.max { abs(speech[$0]) < abs(speech[$1]) }!
        input[loudest] = speech[loudest] > 0 ? 0.9995 : -0.9995
        input[loudest + 1] = speech[loudest] > 0 ? 1 : -1
        var sanitizer = SampleSanitizer()
        let out = sanitizer.clean(input)
        #expect(out.map(\.bitPattern) == input.map(\.bitPattern))
        #expect(sanitizer.counts.total == 0)
    }

    @Test func aBurstAtTheEndOfTheBufferIsCaught() {
        var input = Array(speech.prefix(8_000))
        for i in 8_000 - 64..<8_000 { input[i] = 1 }
        var sanitizer = SampleSanitizer()
        let out = sanitizer.clean(input)
        #expect(sanitizer.counts.clipped == 64)
        #expect(out.suffix(64).allSatisfy { $0 == 0 })
    }

    @Test func aNonNumberBreaksARun() {
        // 20 pinned samples, a NaN, 20 pinned samples: two runs too short to be a burst.
        var input = Array(speech.prefix(8_000))
        for i in 1_000..<1_041 { input[i] = 1 }
        input[1_020] = .nan
        var sanitizer = SampleSanitizer()
        let out = sanitizer.clean(input)
        #expect(sanitizer.counts.notNumbers == 1)
        #expect(sanitizer.counts.clipped == 0)
        #expect(out[1_000] == 1 && out[1_040] == 1 && out[1_020] == 0)
    }

    @Test func countsAddUpAcrossBuffers() {
        var sanitizer = SampleSanitizer()
        var first = Array(speech[0..<1_600]), second = Array(speech[1_600..<3_200])
        first[5] = .nan
        for i in 100..<140 { second[i] = -1 }
        second[1_000] = 2
        _ = sanitizer.clean(first)
        _ = sanitizer.clean(second)
        #expect(sanitizer.counts.notNumbers == 1)
        #expect(sanitizer.counts.clipped == 40)
        #expect(sanitizer.counts.outOfRange == 1)
        #expect(sanitizer.counts.total == 42)
    }
}

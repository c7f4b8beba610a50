import Foundation
import OzenKit
import OzenTestSupport
import Testing

/// Loudness in dBFS: the reference points of the scale and real speech on it.
@Suite struct AudioLevelTests {
    func sine(amplitude: Double, hz: Double = 1_000, seconds: Double = 1) -> [Float] {
        (0..<Int(16_000 * seconds)).map { Float(amplitude * sin(2 * Double.pi * hz * Double($0) / 16_000)) }
    }

    @Test func fullScaleSine() {
        let level = AudioLevel(measuring: sine(amplitude: 1))
        #expect(abs(level.rmsDBFS - (-3.0103)) < 0.01)
        #expect(abs(level.peakDBFS) < 0.001)
    }

    @Test func halfScaleSineIsSixDecibelsDown() {
        let level = AudioLevel(measuring: sine(amplitude: 0.5))
        #expect(abs(level.rmsDBFS - (-9.0309)) < 0.01)
        #expect(abs(level.peakDBFS - (-6.0206)) < 0.001)
    }

    @Test func digitalSilenceIsTheFloor() {
        let level = AudioLevel(measuring: [Float](repeating: 0, count: 16_000))
        #expect(level.rmsDBFS == AudioLevel.floor)
        #expect(level.peakDBFS == AudioLevel.floor)
        #expect(AudioLevel.floor == -120)
    }

    @Test func nothingAtAllIsTheFloor() {
        let level = AudioLevel(measuring: [Float]())
        #expect(level.rmsDBFS == -120)
        #expect(level.peakDBFS == -120)
    }

    @Test func belowTheFloorReadsAsTheFloor() {
        // 1e-7 is -140 dBFS; the scale stops at -120.
        let level = AudioLevel(measuring: sine(amplitude: 1e-7))
        #expect(level.rmsDBFS == -120)
        #expect(level.peakDBFS == -120)
    }

    @Test func realSpeechIsInAPlausibleRange() throws {
        let jfk = try WAVDecoder().read(path: Fixtures.jfk.path).atSpeechRate().samples
        let level = AudioLevel(measuring: jfk)
        #expect(level.rmsDBFS > -35 && level.rmsDBFS < -10)
        // The recording's loudest sample is 0.7827 (-2.13 dBFS).
        let peak = jfk.map { abs($0) }.max()!
        #expect(abs(level.peakDBFS - 20 * log10(Double(peak))) < 1e-9)
        #expect(level.peakDBFS > -6 && level.peakDBFS < 0)
        #expect(level.peakDBFS > level.rmsDBFS + 10)
    }

    @Test func readSpeechIsInAPlausibleRange() throws {
        for clip in try Fixtures.librivox() {
            let samples = try WAVDecoder().read(path: clip.path).atSpeechRate().samples
            let level = AudioLevel(measuring: samples)
            #expect(level.rmsDBFS > -40 && level.rmsDBFS < -10, "\(clip.path): \(level)")
            #expect(level.peakDBFS < 0 && level.peakDBFS > level.rmsDBFS)
        }
    }

    @Test func aPauseIsQuieterThanTheWordsAroundIt() throws {
        // JFK 1.3–1.9 s lies between "fellow Americans" and "ask not" (frames 70–100 of 512).
        let jfk = try WAVDecoder().read(path: Fixtures.jfk.path).atSpeechRate().samples
        let pause = AudioLevel(measuring: jfk[70 * 512..<100 * 512])
        let words = AudioLevel(measuring: jfk[20 * 512..<40 * 512])
        #expect(pause.rmsDBFS < -35 && pause.rmsDBFS > -50)
        #expect(words.rmsDBFS > pause.rmsDBFS + 20)
    }

    @Test func measuresSlicesWithoutCopying() throws {
        let jfk = try WAVDecoder().read(path: Fixtures.jfk.path).atSpeechRate().samples
        #expect(AudioLevel(measuring: jfk[1_000..<9_000]) == AudioLevel(measuring: Array(jfk[1_000..<9_000])))
    }
}

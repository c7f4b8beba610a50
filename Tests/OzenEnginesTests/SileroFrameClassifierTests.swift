import CSherpaOnnx
import Foundation
@testable import OzenEngines
import OzenKit
import OzenTestSupport
import Testing

/// Ozen's Silero classifier closes each window's segment at once and keeps 1 s of audio
/// (`SileroFrameClassifier`); its decisions must be those of sherpa-onnx's detector used as
/// it comes (60 s of audio, segments left to grow), window for window, on real speech.
@Suite struct SileroFrameClassifierTests {
    /// sherpa-onnx's detector as Ozen used it before: the same model and settings, a 60 s
    /// buffer, every segment left to be copied as it grows, read after each window.
    final class DetectorAsShipped {
        let detector: OpaquePointer
        init(model: InstalledModel) throws {
            detector = try SileroFrameClassifier.detector(model: model, threshold: 0.5, bufferSeconds: 60)
        }
        deinit { SherpaOnnxDestroyVoiceActivityDetector(detector) }

        func isVoice(_ frame: ArraySlice<Float>) -> Bool {
            let vad = detector
            frame.withUnsafeBufferPointer { SherpaOnnxVoiceActivityDetectorAcceptWaveform(vad, $0.baseAddress, Int32($0.count)) }
            let voice = SherpaOnnxVoiceActivityDetectorDetected(vad) != 0
            while SherpaOnnxVoiceActivityDetectorEmpty(vad) == 0 { SherpaOnnxVoiceActivityDetectorPop(vad) }
            return voice
        }
    }

    static func decisions(_ samples: [Float]) throws -> (ozen: [Bool], asShipped: [Bool]) {
        let model = try InstalledModel.load("silero-vad", in: Fixtures.home)
        let ozen = try SileroFrameClassifier(model: model), reference = try DetectorAsShipped(model: model)
        var mine = [Bool](), theirs = [Bool]()
        var start = 0
        while start + ozen.frameLength <= samples.count {
            let frame = samples[start..<start + ozen.frameLength]
            mine.append(ozen.isVoice(frame))
            theirs.append(reference.isVoice(frame))
            start += ozen.frameLength
        }
        return (mine, theirs)
    }

    /// JFK and the five LibriVox clips, each on its own: the same decision in every window.
    @Test func sameDecisionsOnEachRecording() throws {
        for clip in [Fixtures.jfk] + (try Fixtures.librivox()) {
            let audio = try WAVDecoder().read(path: clip.path).atSpeechRate()
            let (ozen, asShipped) = try Self.decisions(audio.samples)
            #expect(ozen == asShipped, "\(clip.path)")
            #expect(ozen.contains(true) && ozen.contains(false), "\(clip.path)")
        }
    }

    /// The five LibriVox clips back to back, twice (about 50 s, mostly one long run of voice):
    /// far longer than the 1 s the classifier keeps, with the same decisions throughout.
    @Test func sameDecisionsThroughLongSpeech() throws {
        var samples = [Float]()
        for clip in try Fixtures.librivox() { samples += try WAVDecoder().read(path: clip.path).atSpeechRate().samples }
        samples += samples
        let (ozen, asShipped) = try Self.decisions(samples)
        #expect(ozen == asShipped)
        #expect(Double(ozen.filter { $0 }.count) / Double(ozen.count) > 0.8, "the clips are read speech")
    }
}

import CSherpaOnnx
import Foundation
@testable import OzenEngines
import OzenKit
import OzenTestSupport
import Testing

/// Ozen runs Silero's network itself (`SileroFrameClassifier`, `SileroNetwork`); its
/// decisions must be those of sherpa-onnx's detector on the same model file as Ozen used it
/// before (60 s of audio, segments left to grow), window for window, on real speech.
@Suite struct SileroFrameClassifierTests {
    /// sherpa-onnx's detector as Ozen used it before: the same model and settings (minimum
    /// speech and silence one window), a 60 s buffer, read after each window.
    final class DetectorAsShipped {
        let detector: OpaquePointer
        init(model: InstalledModel) throws {
            var config = SherpaOnnxVadModelConfig()
            let path = strdup(model.filePath), provider = strdup("cpu")
            defer { free(path); free(provider) }
            config.silero_vad.model = UnsafePointer(path)
            config.silero_vad.threshold = 0.5
            config.silero_vad.min_silence_duration = 0.032
            config.silero_vad.min_speech_duration = 0.032
            config.silero_vad.max_speech_duration = 1_000
            config.silero_vad.window_size = 512
            config.sample_rate = 16_000
            config.num_threads = 1
            config.provider = UnsafePointer(provider)
            detector = try #require(SherpaOnnxCreateVoiceActivityDetector(&config, 60))
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

    /// Where two runs of decisions first part (a window's index, or the shorter's length), if they do.
    static func firstDifference(_ a: [Bool], _ b: [Bool]) -> Int? {
        if let index = (0..<min(a.count, b.count)).first(where: { a[$0] != b[$0] }) { return index }
        return a.count == b.count ? nil : min(a.count, b.count)
    }

    /// JFK and the five LibriVox clips, each on its own: the same decision in every window.
    @Test func sameDecisionsOnEachRecording() throws {
        for clip in [Fixtures.jfk] + (try Fixtures.librivox()) {
            let audio = try WAVDecoder().read(path: clip.path).atSpeechRate()
            let (ozen, asShipped) = try Self.decisions(audio.samples)
            #expect(Self.firstDifference(ozen, asShipped) == nil, "\(clip.path)")
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
        #expect(Self.firstDifference(ozen, asShipped) == nil)
        #expect(Double(ozen.filter { $0 }.count) / Double(ozen.count) > 0.8, "the clips are read speech")
    }
}

/// What the shared network and each classifier's own state promise the streams of one process.
@Suite struct SileroStreamsTests {
    static func decisions(_ classifier: SileroFrameClassifier, _ samples: [Float]) -> [Bool] {
        stride(from: 0, to: samples.count - classifier.frameLength + 1, by: classifier.frameLength).map {
            classifier.isVoice(samples[$0..<$0 + classifier.frameLength])
        }
    }

    /// Two streams' classifiers taking turns window by window share the weights and nothing
    /// else: each decides as it would alone.
    @Test func interleavedStreamsDecideAsAlone() throws {
        let model = try InstalledModel.load("silero-vad", in: Fixtures.home)
        let clips = try Fixtures.librivox()
        let first = try WAVDecoder().read(path: Fixtures.jfk.path).atSpeechRate().samples
        let second = try WAVDecoder().read(path: clips[0].path).atSpeechRate().samples
        let alone = (try Self.decisions(SileroFrameClassifier(model: model), first),
                     try Self.decisions(SileroFrameClassifier(model: model), second))
        let a = try SileroFrameClassifier(model: model), b = try SileroFrameClassifier(model: model)
        var together = ([Bool](), [Bool]())
        for index in 0..<max(alone.0.count, alone.1.count) {
            let start = index * 512
            if index < alone.0.count { together.0.append(a.isVoice(first[start..<start + 512])) }
            if index < alone.1.count { together.1.append(b.isVoice(second[start..<start + 512])) }
        }
        #expect(SileroFrameClassifierTests.firstDifference(together.0, alone.0) == nil)
        #expect(SileroFrameClassifierTests.firstDifference(together.1, alone.1) == nil)
        #expect(alone.0.contains(true) && alone.1.contains(true))
    }

    /// After `reset` a classifier decides the next take as a new one would: nothing of the
    /// last take's end carries over (dictation reuses one across takes).
    @Test func resetStartsFromSilence() throws {
        let model = try InstalledModel.load("silero-vad", in: Fixtures.home)
        let clips = try Fixtures.librivox()
        let take = try WAVDecoder().read(path: clips[1].path).atSpeechRate().samples
        let used = try SileroFrameClassifier(model: model)
        _ = Self.decisions(used, try WAVDecoder().read(path: clips[0].path).atSpeechRate().samples)
        used.reset()
        #expect(SileroFrameClassifierTests.firstDifference(Self.decisions(used, take), Self.decisions(try SileroFrameClassifier(model: model), take)) == nil)
    }

    /// A damaged network file is refused with what is wrong, not run.
    @Test func truncatedNetworkIsRefused() throws {
        let model = try InstalledModel.load("silero-vad", in: Fixtures.home)
        let bytes = try Data(contentsOf: URL(fileURLWithPath: model.filePath))
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("silero-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let truncated = folder.appendingPathComponent("silero_vad.onnx")
        try bytes.prefix(bytes.count / 2).write(to: truncated)
        #expect(throws: ONNXConstants.Malformed.self) { try SileroNetwork(path: truncated.path) }
        let empty = folder.appendingPathComponent("empty.onnx")
        try Data().write(to: empty)
        #expect(throws: ONNXConstants.Malformed.self) { try SileroNetwork(path: empty.path) }
    }
}

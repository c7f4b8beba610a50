import CSherpaOnnx
import Foundation
import OzenKit

/// Silero's voice decision for each 32 ms window, through sherpa-onnx's streaming detector.
///
/// sherpa-onnx's C API reports segments and a "speech detected" state, not raw probabilities;
/// with its own minimum speech and silence set to a single window, that state follows Silero's
/// per-window decision (with Silero's hysteresis: on above the threshold, off 0.15 below it),
/// and the pause and length rules are ours, in `UtteranceCutter`.
///
/// The detector also keeps the speech it is hearing: it copies the whole segment so far on
/// every window (a block 2 KiB larger each 32 ms, up to the segment's end) and holds 60 s of
/// audio ready. Ozen needs only the decision, so each window's segment is closed at once
/// (`Flush`; the decision was read before, and Silero's own state and hysteresis are not
/// touched) and the buffer holds 1 s. The decisions are the same window for window as the
/// detector's used as it comes (`SileroFrameClassifierTests`, on JFK, the LibriVox clips and
/// 50 s of them back to back). `ozen bench serve --clients 4 --minutes 3 --table …`, the build
/// before then this one (2026-12-04): server peak 439 against 428 MiB, CPU with one client
/// alone 69.3 against 66.0 s per audio minute, finals' p90 4.39 against 4.37 s.
public final class SileroFrameClassifier: VoiceFrameClassifier {
    public let frameLength = 512
    /// Speech probability above which a window is voice; Silero's recommended 0.5.
    public let threshold: Float
    private let detector: OpaquePointer

    public init(model: InstalledModel, threshold: Float = 0.5) throws(ModelError) {
        self.threshold = threshold
        // The buffer holds at most 2 × 576 + 512 samples before the next window once every
        // window's segment is flushed (`isVoice`); 1 s leaves room.
        detector = try Self.detector(model: model, threshold: threshold, bufferSeconds: 1)
    }

    /// sherpa-onnx's streaming detector on `model`, its minimum speech and silence one window
    /// (the tests also make one with the 60 s buffer it had before, as their reference).
    static func detector(model: InstalledModel, threshold: Float, bufferSeconds: Float) throws(ModelError) -> OpaquePointer {
        var config = SherpaOnnxVadModelConfig()
        let path = strdup(model.filePath), provider = strdup("cpu")
        defer { free(path); free(provider) }
        config.silero_vad.model = UnsafePointer(path)
        config.silero_vad.threshold = threshold
        config.silero_vad.min_silence_duration = 0.032
        config.silero_vad.min_speech_duration = 0.032
        config.silero_vad.max_speech_duration = 1_000
        config.silero_vad.window_size = 512
        config.sample_rate = 16_000
        config.num_threads = 1
        config.provider = UnsafePointer(provider)
        guard let vad = SherpaOnnxCreateVoiceActivityDetector(&config, bufferSeconds) else {
            throw .engineRefused(name: model.manifest.name, path: model.filePath)
        }
        return vad
    }

    deinit { SherpaOnnxDestroyVoiceActivityDetector(detector) }

    public func isVoice(_ frame: ArraySlice<Float>) -> Bool {
        let vad = detector
        frame.withUnsafeBufferPointer { SherpaOnnxVoiceActivityDetectorAcceptWaveform(vad, $0.baseAddress, Int32($0.count)) }
        let voice = SherpaOnnxVoiceActivityDetectorDetected(vad) != 0
        // Segments are not needed (the cutter keeps its own): close the one being heard, so the
        // detector never copies a long one, and drop them so memory stays flat.
        SherpaOnnxVoiceActivityDetectorFlush(vad)
        while SherpaOnnxVoiceActivityDetectorEmpty(vad) == 0 { SherpaOnnxVoiceActivityDetectorPop(vad) }
        return voice
    }

    public func reset() { SherpaOnnxVoiceActivityDetectorReset(detector) }
}

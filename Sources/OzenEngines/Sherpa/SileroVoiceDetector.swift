import CSherpaOnnx
import Foundation
import OzenKit

/// Voice activity with Silero VAD (6.2.3, `silero_vad.onnx`) through sherpa-onnx's C API.
///
/// An utterance closes after `minimumSilence` of pause (0.7 s, the pause Ozen's server uses
/// to end a line) and is cut at `maximumSpeech` (28 s, under Whisper's 30 s window, where
/// the detector raises its threshold to find a pause).
public struct SileroVoiceDetector: VoiceActivityDetector {
    public struct Settings: Sendable, Equatable {
        /// Speech probability above which a 32 ms window counts as voice.
        public var threshold: Float = 0.5
        public var minimumSilence: Float = 0.7
        /// Shorter bursts (a cough, a click) are not speech.
        public var minimumSpeech: Float = 0.25
        public var maximumSpeech: Float = 28
        public init() {}
        public static let `default` = Settings()
    }

    public let model: InstalledModel
    public let settings: Settings

    public init(model: InstalledModel, settings: Settings = .default) {
        self.model = model
        self.settings = settings
    }

    public func speechSpans(in samples: [Float]) throws -> [SpeechSpan] {
        var config = SherpaOnnxVadModelConfig()
        let path = strdup(model.filePath)
        let provider = strdup("cpu")
        defer { free(path); free(provider) }
        config.silero_vad.model = UnsafePointer(path)
        config.silero_vad.threshold = settings.threshold
        config.silero_vad.min_silence_duration = settings.minimumSilence
        config.silero_vad.min_speech_duration = settings.minimumSpeech
        config.silero_vad.max_speech_duration = settings.maximumSpeech
        config.silero_vad.window_size = 512
        config.sample_rate = 16_000
        config.num_threads = 1
        config.provider = UnsafePointer(provider)
        config.debug = 0
        guard let vad = SherpaOnnxCreateVoiceActivityDetector(&config, settings.maximumSpeech + 10) else {
            throw ModelError.engineRefused(name: model.manifest.name, path: model.filePath)
        }
        defer { SherpaOnnxDestroyVoiceActivityDetector(vad) }

        var spans = [SpeechSpan]()
        func drain() {
            while SherpaOnnxVoiceActivityDetectorEmpty(vad) == 0 {
                if let segment = SherpaOnnxVoiceActivityDetectorFront(vad) {
                    let start = Int(segment.pointee.start)
                    spans.append(SpeechSpan(start: start, end: start + Int(segment.pointee.n)))
                    SherpaOnnxDestroySpeechSegment(segment)
                }
                SherpaOnnxVoiceActivityDetectorPop(vad)
            }
        }
        let chunk = 16_000
        samples.withUnsafeBufferPointer { buffer in
            var offset = 0
            while offset < buffer.count {
                let n = min(chunk, buffer.count - offset)
                SherpaOnnxVoiceActivityDetectorAcceptWaveform(vad, buffer.baseAddress! + offset, Int32(n))
                drain()
                offset += n
            }
        }
        SherpaOnnxVoiceActivityDetectorFlush(vad)
        drain()
        return spans
    }
}

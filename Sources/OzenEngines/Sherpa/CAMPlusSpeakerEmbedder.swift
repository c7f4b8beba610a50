import CSherpaOnnx
import Foundation
import OzenKit

/// CAM++ voice prints through sherpa-onnx's speaker embedding extractor: 192 numbers for a
/// stretch of 16 kHz speech, the same person's lines close together, different people's apart.
///
/// The model is 3D-Speaker's zh/en CAM++ exported by `scripts/export_campplus_onnx.py`; the
/// manifest's checks run before sherpa-onnx sees the file (a bad file can end the process).
public final class CAMPlusSpeakerEmbedder: SpeakerEmbedder, @unchecked Sendable {
    /// Less speech than this (s) gives no print: CAM++ needs a few hundred frames to say anything.
    public static let shortestSpeech = 0.3
    private let extractor: OpaquePointer
    public let dimension: Int
    public let modelName: String
    private let lock = NSLock()

    public init(model: InstalledModel, threads: Int = 1) throws(ModelError) {
        var config = SherpaOnnxSpeakerEmbeddingExtractorConfig()
        let path = strdup(model.filePath), provider = strdup("cpu")
        defer { free(path); free(provider) }
        config.model = UnsafePointer(path)
        config.num_threads = Int32(threads)
        config.provider = UnsafePointer(provider)
        guard let extractor = SherpaOnnxCreateSpeakerEmbeddingExtractor(&config) else {
            throw .engineRefused(name: model.manifest.name, path: model.filePath)
        }
        self.extractor = extractor
        dimension = Int(SherpaOnnxSpeakerEmbeddingExtractorDim(extractor))
        modelName = model.manifest.name + " " + String(model.manifest.sha256.prefix(12))
    }

    deinit { SherpaOnnxDestroySpeakerEmbeddingExtractor(extractor) }

    public func voicePrint(of samples: ArraySlice<Float>) throws -> VoicePrint? {
        guard Double(samples.count) >= Self.shortestSpeech * Double(MonoAudio.speechRate) else { return nil }
        lock.lock()
        defer { lock.unlock() }
        guard let stream = SherpaOnnxSpeakerEmbeddingExtractorCreateStream(extractor) else { return nil }
        defer { SherpaOnnxDestroyOnlineStream(stream) }
        samples.withUnsafeBufferPointer {
            SherpaOnnxOnlineStreamAcceptWaveform(stream, Int32(MonoAudio.speechRate), $0.baseAddress, Int32($0.count))
        }
        SherpaOnnxOnlineStreamInputFinished(stream)
        guard SherpaOnnxSpeakerEmbeddingExtractorIsReady(extractor, stream) != 0,
              let raw = SherpaOnnxSpeakerEmbeddingExtractorComputeEmbedding(extractor, stream) else { return nil }
        defer { SherpaOnnxSpeakerEmbeddingExtractorDestroyEmbedding(raw) }
        return VoicePrint(Array(UnsafeBufferPointer(start: raw, count: dimension)))
    }
}

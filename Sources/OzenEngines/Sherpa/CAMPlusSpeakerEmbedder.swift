import CSherpaOnnx
import Foundation
import OzenKit
import Synchronization

/// CAM++ voice prints through sherpa-onnx's speaker embedding extractor: 192 numbers for a
/// stretch of 16 kHz speech, the same person's lines close together, different people's apart.
///
/// The model is 3D-Speaker's zh/en CAM++ exported by `scripts/export_campplus_onnx.py`; the
/// manifest's checks run before sherpa-onnx sees the file (a bad file can end the process).
public final class CAMPlusSpeakerEmbedder: SpeakerEmbedder, Sendable {
    /// Less speech than this (s) gives no print: CAM++ needs a few hundred frames to say anything.
    public static let shortestSpeech = 0.3
    /// sherpa-onnx's extractor, used by one print at a time.
    private let extractor: Mutex<OpaquePointer>
    public let dimension: Int
    public let modelName: String

    public init(model: InstalledModel, threads: Int = 1) throws(ModelError) {
        var config = SherpaOnnxSpeakerEmbeddingExtractorConfig()
        let path = strdup(model.filePath), provider = strdup("cpu")
        config.model = UnsafePointer(path)
        config.num_threads = Int32(threads)
        config.provider = UnsafePointer(provider)
        let made = SherpaOnnxCreateSpeakerEmbeddingExtractor(&config)
        let dimension = made.map { Int(SherpaOnnxSpeakerEmbeddingExtractorDim($0)) }
        // Freed before the extractor goes into its Mutex: the compiler sees the strings as the extractor's.
        free(path); free(provider)
        guard let extractor = made, let dimension else {
            throw .engineRefused(name: model.manifest.name, path: model.filePath)
        }
        self.dimension = dimension
        modelName = model.manifest.name + " " + String(model.manifest.sha256.prefix(12))
        self.extractor = Mutex(extractor)
    }

    deinit { extractor.withLock { SherpaOnnxDestroySpeakerEmbeddingExtractor($0) } }

    /// The longest stretch printed in one go (s). A longer one is printed in equal pieces of at
    /// most this, and their prints are averaged by their seconds: CAM++'s activations grow
    /// with the stretch, and onnxruntime's memory arena keeps the largest size it ever needed.
    /// `ozen caption --realtime` on the five-person table (seed 7, 74.5 s; 2026-12-04) peaked at
    /// 397.2 MiB in both of 2 rounds with 4 s pieces, where `Launch`'s allocator setting alone
    /// gave 400.7–401.0 (3 rounds) and whole lines 405.5; `ozen speakers eval` gave the same
    /// lines and voices on seeds 7, 3 and 11 (the call 85.6–88.0 % of its time right against
    /// 88.0 %, within the spread of its audio clock).
    public static let longestPiece = 4.0

    public func voicePrint(of samples: ArraySlice<Float>) throws -> VoicePrint? {
        let longest = Int(Self.longestPiece * Double(MonoAudio.speechRate))
        guard samples.count > longest else { return try piecePrint(samples) }
        let pieces = (samples.count + longest - 1) / longest
        let size = (samples.count + pieces - 1) / pieces
        var prints: [(VoicePrint, Double)] = []
        var start = samples.startIndex
        while start < samples.endIndex {
            let end = min(samples.endIndex, start + size)
            if let print = try piecePrint(samples[start..<end]) { prints.append((print, Double(end - start))) }
            start = end
        }
        return VoicePrint.mean(prints)
    }

    private func piecePrint(_ samples: ArraySlice<Float>) throws -> VoicePrint? {
        guard Double(samples.count) >= Self.shortestSpeech * Double(MonoAudio.speechRate) else { return nil }
        return extractor.withLock { embedding(of: samples, extractor: $0) }
    }

    private func embedding(of samples: ArraySlice<Float>, extractor: OpaquePointer) -> VoicePrint? {
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

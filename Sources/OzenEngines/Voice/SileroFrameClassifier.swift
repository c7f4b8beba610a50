import Foundation
import OzenKit

/// Silero's voice decision for each 32 ms window (`SileroNetwork`, run in Swift), with the
/// rules sherpa-onnx's streaming detector applied when Ozen used it, so every decision is the
/// same window for window (`SileroFrameClassifierTests`, against sherpa-onnx's detector on
/// JFK, the LibriVox clips and 50 s of them back to back):
///
/// - each network window is 576 samples, the 512 of a window and the first 64 of the next, so
///   a window's decision comes with the next one (the first window is silence);
/// - voice begins at the second window in a row above `threshold` and ends at the second
///   window below `threshold - 0.15` since the last one above `threshold` (Silero's
///   hysteresis, with sherpa-onnx's minimum speech and silence set to one window); the pause
///   and length rules are Ozen's, in `UtteranceCutter`.
///
/// The weights are read once per process and shared (`SileroNetwork.shared`); a classifier
/// holds its stream's state only, about 32 KB made once, where sherpa-onnx's detector held an
/// onnxruntime session of about 11.5 MiB made and freed with each stream.
public final class SileroFrameClassifier: VoiceFrameClassifier {
    public let frameLength = 512
    /// Speech probability above which a window is voice; Silero's recommended 0.5.
    public let threshold: Float
    /// Below this, a window in voice counts toward its end (Silero's 0.15 under `threshold`).
    let releaseThreshold: Float
    private let network: SileroNetwork
    private let state = SileroNetwork.State()
    /// Samples heard and not yet the start of a network window (at most 576 + a frame).
    private var pending: [Float] = []
    private var inVoice = false
    /// Out of voice: the last window was over the threshold (one more starts voice). In voice:
    /// a window under the release threshold came since the last one over the threshold (one
    /// more ends it). sherpa-onnx counts samples for these; with its minimums at one window
    /// the counts only ever say this.
    private var overOnce = false, underOnce = false

    public init(model: InstalledModel, threshold: Float = 0.5) throws(ModelError) {
        self.threshold = threshold
        releaseThreshold = max(threshold - 0.15, 0.01)
        network = try SileroNetwork.shared(model)
        pending.reserveCapacity(SileroNetwork.window + 2 * frameLength)
    }

    public func isVoice(_ frame: ArraySlice<Float>) -> Bool {
        pending.append(contentsOf: frame)
        var voice = false
        while pending.count >= SileroNetwork.window {
            let probability = pending.withUnsafeBufferPointer { samples in
                network.probability(UnsafeBufferPointer(rebasing: samples[0..<SileroNetwork.window]), state)
            }
            voice = decide(probability) || voice
            pending.removeFirst(frameLength)
        }
        return voice
    }

    /// One window's decision from its probability, with the hysteresis above.
    private func decide(_ probability: Float) -> Bool {
        if probability > threshold {
            underOnce = false
            if inVoice { return true }
            if !overOnce { overOnce = true; return false }
            inVoice = true
            return true
        }
        if !inVoice {
            if probability < threshold { overOnce = false }
            return false
        }
        if probability > releaseThreshold { return true }
        guard probability < threshold else { return false }
        if !underOnce { underOnce = true; return true }
        overOnce = false
        underOnce = false
        inVoice = false
        return false
    }

    public func reset() {
        state.reset()
        pending.removeAll(keepingCapacity: true)
        inVoice = false
        overOnce = false
        underOnce = false
    }
}

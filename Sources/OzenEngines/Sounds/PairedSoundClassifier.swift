import Foundation
import OzenKit

/// YAMNet and EfficientAT hearing the same window together: each class scores the higher of
/// the two networks' scores (YAMNet's 521 classes are all among EfficientAT's 527, by name).
/// What one network misses the other may hear: YAMNet hears beeping alarms that EfficientAT
/// scores as music, EfficientAT hears sirens and ringtones under talk that YAMNet misses.
///
/// Windows are EfficientAT's, at 32 kHz; YAMNet hears the last 0.98 s of each, brought down to
/// 16 kHz (`Resampler`, about a millisecond a window).
public final class PairedSoundClassifier: SoundClassifier, Sendable {
    public let yamnet: YAMNetSoundClassifier
    public let efficientAT: EfficientATSoundClassifier
    public let tagger = SoundTagger.both
    public var classNames: [String] { efficientAT.classNames }
    public var windowSeconds: Double { efficientAT.windowSeconds }
    public var sampleRate: Int { efficientAT.sampleRate }

    /// For each of EfficientAT's classes, YAMNet's index of the same name (nil: YAMNet has none).
    private let yamnetIndex: [Int?]
    private let down = Resampler(from: EfficientATLogMel.sampleRate, to: YAMNetLogMel.sampleRate)

    public init(yamnet: YAMNetSoundClassifier, efficientAT: EfficientATSoundClassifier) {
        self.yamnet = yamnet
        self.efficientAT = efficientAT
        let index = Dictionary(yamnet.classNames.enumerated().map { ($1, $0) }, uniquingKeysWith: { a, _ in a })
        yamnetIndex = efficientAT.classNames.map { index[$0] }
    }

    public func classify(_ window: [Float]) throws -> [Float] {
        var scores = try efficientAT.classify(window)
        let wanted = yamnet.windowSampleCount * sampleRate / yamnet.sampleRate
        let tail = window.count > wanted ? Array(window.suffix(wanted)) : window
        let theirs = try yamnet.classify(Array(down.resample(tail).suffix(yamnet.windowSampleCount)))
        for (i, j) in yamnetIndex.enumerated() {
            if let j { scores[i] = max(scores[i], theirs[j]) }
        }
        return scores
    }
}

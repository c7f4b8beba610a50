/// Something that hears which sounds are in a short window of audio: a doorbell, a siren,
/// a baby crying. YAMNet (AudioSet's 521 classes, 16 kHz) and EfficientAT (AudioSet's 527,
/// 32 kHz) are the engines; the alert policy only sees this protocol, so it can be tested with
/// any scorer.
public protocol SoundClassifier: AnyObject {
    /// The classes' display names, in the order of `classify`'s scores (AudioSet's class map).
    var classNames: [String] { get }
    /// Seconds of audio one call looks at (YAMNet: 0.98 s).
    var windowSeconds: Double { get }
    /// The sample rate of the windows `classify` takes (YAMNet 16 000, EfficientAT 32 000).
    var sampleRate: Int { get }
    /// Which network it is, and so which numbers the alert policy uses with it.
    var tagger: SoundTagger { get }
    /// Scores 0…1 for every class, for one window of mono samples at `sampleRate`,
    /// `windowSeconds` long.
    func classify(_ window: [Float]) throws -> [Float]
}

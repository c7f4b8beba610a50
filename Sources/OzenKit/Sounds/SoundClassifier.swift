/// Something that hears which sounds are in a short window of audio: a doorbell, a siren,
/// a baby crying. YAMNet (AudioSet's 521 classes) is the engine; the alert policy only sees
/// this protocol, so it can be tested with any scorer.
public protocol SoundClassifier: AnyObject {
    /// The classes' display names, in the order of `classify`'s scores (AudioSet's class map).
    var classNames: [String] { get }
    /// Seconds of 16 kHz mono audio one call looks at (YAMNet: 0.96 s).
    var windowSeconds: Double { get }
    /// Scores 0…1 for every class, for one window of 16 kHz mono samples `windowSeconds` long.
    func classify(_ window: [Float]) throws -> [Float]
}

import OzenKit

extension SoundTagger {
    /// The installed network for this tagger, checked and loaded from `home`. `windowSeconds`
    /// (EfficientAT only, which takes any length) replaces its standard window.
    public func classifier(home: OzenHome, windowSeconds: Double? = nil) throws(ModelError) -> any SoundClassifier {
        switch self {
        case .yamnet: return try YAMNetSoundClassifier(home: home)
        case .efficientat:
            return try EfficientATSoundClassifier(home: home, windowSeconds: windowSeconds ?? EfficientATSoundClassifier.defaultWindowSeconds)
        case .both:
            return PairedSoundClassifier(
                yamnet: try YAMNetSoundClassifier(home: home),
                efficientAT: try EfficientATSoundClassifier(home: home, windowSeconds: windowSeconds ?? EfficientATSoundClassifier.defaultWindowSeconds))
        }
    }
}

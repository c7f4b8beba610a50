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

extension InstalledModel {
    /// The weights of a checked sound model: its manifest must be of `kind`, and a file that
    /// its reader refuses (not such a file, cut short, damaged inside) is `.malformed`.
    func soundWeights<Weights>(kind: String, read: (String) throws(SoundWeightFile.ReadError) -> Weights) throws(ModelError) -> Weights {
        guard manifest.kind == kind else {
            throw .malformed(name: manifest.name, path: filePath,
                             detail: tr("זה מודל מסוג \(manifest.kind), לא \(kind)", "it is a \(manifest.kind) model, not \(kind)"))
        }
        do {
            return try read(filePath)
        } catch {
            throw .malformed(name: manifest.name, path: filePath, detail: error.detail)
        }
    }
}

import OzenKit

extension SoundTagger {
    /// The installed network for this tagger, checked and loaded from `home`. `windowSeconds`
    /// and `recentSeconds` (EfficientAT only, which takes any length; 0: no recent part)
    /// replace its standard ones. The pair's numbers were chosen with 2 s windows alone.
    public func classifier(home: OzenHome, windowSeconds: Double? = nil, recentSeconds: Double? = nil) throws(ModelError) -> any SoundClassifier {
        switch self {
        case .yamnet: return try YAMNetSoundClassifier(home: home)
        case .efficientat:
            return try EfficientATSoundClassifier(home: home, windowSeconds: windowSeconds ?? EfficientATSoundClassifier.defaultWindowSeconds,
                                                  recentSeconds: recentSeconds ?? EfficientATSoundClassifier.defaultRecentSeconds)
        case .both:
            return PairedSoundClassifier(
                yamnet: try YAMNetSoundClassifier(home: home),
                efficientAT: try EfficientATSoundClassifier(home: home, windowSeconds: windowSeconds ?? EfficientATSoundClassifier.defaultWindowSeconds,
                                                            recentSeconds: recentSeconds ?? 0))
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

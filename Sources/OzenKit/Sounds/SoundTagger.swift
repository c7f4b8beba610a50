/// Which network hears the sounds: YAMNet (16 kHz, AudioSet mAP 0.306), EfficientAT's
/// mn04_as (32 kHz, mAP 0.432), or both together (each class scoring the higher of the two).
/// Each has its own numbers for every kind, chosen on the tune half by `ozen sounds eval
/// --tune --tagger NAME`; `ozen sounds eval` compares them on the report half, which chose
/// `standard`.
public enum SoundTagger: String, Sendable, CaseIterable {
    case yamnet
    case efficientat
    case both

    /// The tagger caption, listen, serve and `sounds hear` use.
    public static let standard = SoundTagger.efficientat

    /// The kinds with this tagger's numbers.
    public var kinds: [SoundKind] {
        switch self {
        case .yamnet: return SoundKind.yamnet
        case .efficientat: return SoundKind.efficientAT
        case .both: return SoundKind.bothTaggers
        }
    }

    /// A tagger named by a person ("EfficientAT", " yamnet ").
    public static func named(_ name: String) -> SoundTagger? {
        SoundTagger(rawValue: name.trimmingCharacters(in: .whitespaces).lowercased())
    }
}

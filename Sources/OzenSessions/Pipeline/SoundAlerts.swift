import Foundation
import OzenEngines
import OzenKit

/// The sound alerts a caption session hears all of its audio with (`SoundTagger.standard`,
/// her muted list and the kinds muted for this run), as `caption`, `listen` and `serve`
/// start them.
public enum SoundAlerts {
    /// The sound watch: the installed standard tagger, her muted list and the kinds muted for
    /// this run, and the sounds she taught (`ozen sounds teach`).
    public static func watch(home: OzenHome, alsoMuted: Set<String>) throws -> SoundWatch {
        let muted = try MutedSounds.load(from: MutedSounds.path(in: home)).kinds.union(alsoMuted)
        let taught = try TaughtSounds.load(from: TaughtSounds.path(in: home)).sounds
        return SoundWatch(classifier: try SoundTagger.standard.classifier(home: home), muted: muted, taught: taught)
    }

    /// The sound watch for the captions, or nil with one line on stderr when the sound model
    /// cannot be loaded: captions without sound alerts are better than no captions.
    public static func watchOrWarn(home: OzenHome, alsoMuted: Set<String>) -> SoundWatch? {
        do {
            return try watch(home: home, alsoMuted: alsoMuted)
        } catch {
            FileHandle.standardError.write(Data((tr("ozen: התראות על צלילים כבויות: \(error)", "ozen: sound alerts are off: \(error)") + "\n").utf8))
            return nil
        }
    }
}

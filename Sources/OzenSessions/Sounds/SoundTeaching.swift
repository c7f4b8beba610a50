import Foundation
import OzenKit

/// `ozen sounds teach NAME FILE...`, `taught` and `forget`: a sound she recorded (her doorbell
/// alone, one to five times) becomes one Ozen listens for by its landmarks
/// (`TaughtSound.Print`, `TaughtSoundMatcher`), kept in `$OZEN_HOME/taught-sounds.json`.
public enum SoundTeaching {
    public static let mostRecordings = 5

    /// Teaches `name` from `files` (WAV, any rate), replacing a sound of the same name; what was
    /// kept. A name, a file or a recording that cannot be used is said, and nothing is kept.
    @discardableResult
    public static func teach(_ name: String, group: TaughtSound.Group, files: [String], home: OzenHome) throws -> TaughtSound {
        var prints: [TaughtSound.Print] = []
        for file in files {
            let audio = try WAVDecoder().read(path: file).atSpeechRate()
            prints.append(TaughtSound.Print(recording: (file as NSString).lastPathComponent, samples: audio.samples, rate: audio.sampleRate))
        }
        return try teach(name, group: group, prints: prints, home: home)
    }

    /// Teaches `name` from recordings already made (`--record`: the microphone's takes).
    @discardableResult
    public static func teach(_ name: String, group: TaughtSound.Group, prints: [TaughtSound.Print], home: OzenHome) throws -> TaughtSound {
        let trimmed = try checkedName(name)
        guard (1...mostRecordings).contains(prints.count) else {
            throw UsageError(tr("צריך הקלטה אחת עד \(mostRecordings) של הצליל לבדו", "give one to \(mostRecordings) recordings of the sound alone"))
        }
        // A print with fewer landmarks than twice the votes that find it could never be found under talk.
        for print in prints where print.hashes.count < TaughtSoundMatcher.fewestVotes * 2 {
            throw TaughtSoundsError.tooLittleSound(recording: print.recording, landmarks: print.hashes.count)
        }
        let path = TaughtSounds.path(in: home)
        var taught = try TaughtSounds.load(from: path)
        let sound = TaughtSound(name: trimmed, group: group, prints: prints)
        if let old = taught.index(of: trimmed) { taught.sounds[old] = sound } else { taught.sounds.append(sound) }
        try taught.save(to: path)
        return sound
    }

    /// `name` as it is kept (trimmed), or a `UsageError` when there is no name in it or it runs
    /// over lines: checked before any take is recorded, and again when it is kept.
    public static func checkedName(_ name: String) throws -> String {
        let trimmed = name.trimmingCharacters(in: .whitespaces)
        guard !trimmed.isEmpty, !trimmed.contains("\n") else {
            throw UsageError(tr("לצליל צריך שם, למשל \"דלת הכניסה\"", "the sound needs a name, such as \"Front door\""))
        }
        return trimmed
    }

    /// Removes the taught sound called `name`; false when there is none.
    public static func forget(_ name: String, home: OzenHome) throws -> Bool {
        let path = TaughtSounds.path(in: home)
        var taught = try TaughtSounds.load(from: path)
        guard let index = taught.index(of: name) else { return false }
        taught.sounds.remove(at: index)
        try taught.save(to: path)
        return true
    }
}

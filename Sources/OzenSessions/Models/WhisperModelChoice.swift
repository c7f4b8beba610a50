import Foundation
import OzenEngines
import OzenKit

/// `ozen models use NAME` and `ozen models remove NAME`, as library calls: which Whisper model
/// captions use when no `--model` is given, and taking one off the disk. The command asks her
/// before switching while captions run, and prints what these return.
public enum WhisperModelChoice {
    /// What `remove` did.
    public enum Removal: Sendable, Equatable {
        /// The model is gone; it was the chosen one, so captions are back on the embedded model.
        case removedBackOnEmbedded
        case removed
        /// Only a download that had not finished was there; it is deleted.
        case partialDeleted
    }

    /// Checks that `name` is an installed Whisper model (a missing one is the `ModelError` that
    /// lists what is installed; another kind of model is a `UsageError`).
    public static func checkUsable(_ name: String, home: OzenHome) throws {
        let model = try InstalledModel.load(name, in: home)
        guard model.manifest.kind == "whisper-ggml" else {
            throw UsageError(tr("'\(name)' אינו מודל Whisper", "'\(name)' is not a Whisper model"))
        }
    }

    /// Takes `name` off the disk, with any download of it that had not finished.
    public static func remove(_ name: String, home: OzenHome) throws -> Removal {
        guard name != ChosenModel.embedded else {
            throw UsageError(tr("base הוא המודל המובנה ואי אפשר להסיר אותו (`make setup` מתקין אותו)", "base is the embedded model and cannot be removed (`make setup` installs it)"))
        }
        let staging = ModelStaging(home: home, name: name)
        let installed = InstalledModel.installedNames(in: home).contains(name)
        let partial = FileManager.default.fileExists(atPath: staging.folder)
        guard installed || partial else {
            throw ModelError.unknownName(name: name, known: InstalledModel.installedNames(in: home))
        }
        if installed, let kind = (try? InstalledModel.load(name, in: home))?.manifest.kind, kind != "whisper-ggml" {
            throw UsageError(tr("'\(name)' אינו מודל Whisper; `make setup` מנהל אותו", "'\(name)' is not a Whisper model; `make setup` manages it"))
        }
        if installed { try FileManager.default.removeItem(atPath: staging.target) }
        if partial { try FileManager.default.removeItem(atPath: staging.folder) }
        if ChosenModel.name(in: home) == name {
            try ChosenModel.choose(ChosenModel.embedded, in: home)
            return .removedBackOnEmbedded
        }
        return installed ? .removed : .partialDeleted
    }
}

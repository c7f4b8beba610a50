import Foundation
import OzenKit

/// The folder of recordings that the evals and benches read (`--fixtures DIR`, the repository's
/// `Tests/Fixtures/downloaded` by default, filled by `scripts/setup.sh`). A relative path is
/// read from where `ozen` runs, so an eval started elsewhere finds nothing: it says so, and
/// what to do, instead of a file-system error.
public enum FixturesFolder {
    public static let standard = "Tests/Fixtures/downloaded"

    /// `chosen`, or the standard folder, once it is known to exist.
    public static func checked(_ chosen: String?) throws -> String {
        let folder = chosen ?? standard
        var isFolder: ObjCBool = false
        guard FileManager.default.fileExists(atPath: folder, isDirectory: &isFolder), isFolder.boolValue else {
            let place = (folder as NSString).isAbsolutePath ? folder : FileManager.default.currentDirectoryPath + "/" + folder
            throw UsageError(tr("אין תיקיית הקלטות ב־\(place): הריצו מתיקיית המאגר (scripts/setup.sh מוריד אליה את ההקלטות) או תנו ‏--fixtures תיקייה",
                                "no recordings folder at \(place): run this from the repository's folder (scripts/setup.sh puts the recordings there) or give --fixtures DIR"))
        }
        return folder
    }
}

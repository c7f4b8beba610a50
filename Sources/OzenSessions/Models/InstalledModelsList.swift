import Foundation
import OzenEngines
import OzenKit

/// `ozen models list|verify`: each installed model on a line (name, kind, size, licence, where
/// it came from, whether its files are whole, whether captions use it), a damaged one saying
/// what is wrong. `verify` checks every file's sha256 rather than its size.
public enum InstalledModelsList {
    /// Hands `print` a line for each of `home`'s models as it is checked; none installed, or
    /// any damaged (after all are listed), is a `ModelError` that says where.
    public static func lines(verify: Bool, home: OzenHome, print: (String) -> Void) throws {
        let names = InstalledModel.installedNames(in: home)
        if names.isEmpty { throw ModelError.notInstalled(name: "base", folder: home.modelsPath + "/base") }
        let chosen = ChosenModel.name(in: home)
        var damaged = 0
        for name in names {
            do {
                let model = try InstalledModel.load(name, in: home)
                if verify { try model.check(fullChecksum: true) }
                let from = model.manifest.source.packages.joined(separator: " + ")
                let inUse = model.manifest.kind == "whisper-ggml" && name == chosen ? "\t" + tr("בשימוש", "in use") : ""
                print("\(name)\t\(model.manifest.kind)\t\(model.manifest.size / 1_000_000) MB\t\(model.manifest.licence)\tfrom \(from)\t\(verify ? tr("sha256 תקין", "sha256 ok") : tr("תקין", "ok"))\(inUse)")
            } catch {
                damaged += 1
                print("\(name)\t\(tr("פגום", "DAMAGED"))\t\(error)")
            }
        }
        if damaged > 0 { throw ModelError.malformed(name: "\(damaged) model(s)", path: home.modelsPath, detail: tr("ראו למעלה", "see above")) }
    }
}

import Foundation
import OzenKit

/// `ozen models [list|verify]`: what is installed, and whether each file is what its manifest says.
enum ModelsCommand {
    static func run(_ arguments: [String]) throws {
        let action = arguments.first ?? "list"
        guard arguments.count <= 1, ["list", "verify"].contains(action) else {
            throw UsageError(tr("models מקבל list או verify", "models takes list or verify"))
        }
        let home = OzenHome.fromEnvironment()
        let names = InstalledModel.installedNames(in: home)
        if names.isEmpty { throw ModelError.notInstalled(name: "base", folder: home.modelsPath + "/base") }
        var damaged = 0
        for name in names {
            do {
                let model = try InstalledModel.load(name, in: home)
                if action == "verify" { try model.check(fullChecksum: true) }
                let from = model.manifest.source.packages.joined(separator: " + ")
                Swift.print("\(name)\t\(model.manifest.kind)\t\(model.manifest.size / 1_000_000) MB\t\(model.manifest.licence)\tfrom \(from)\t\(action == "verify" ? tr("sha256 תקין", "sha256 ok") : tr("תקין", "ok"))")
            } catch {
                damaged += 1
                Swift.print("\(name)\t\(tr("פגום", "DAMAGED"))\t\(error)")
            }
        }
        if damaged > 0 { throw ModelError.malformed(name: "\(damaged) model(s)", path: home.modelsPath, detail: tr("ראו למעלה", "see above")) }
    }
}

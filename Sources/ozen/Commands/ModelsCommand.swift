import Foundation
import OzenEngines
import OzenKit
import OzenSessions

/// `ozen models list|verify|available|install|use|remove|speed`: what is installed, whether each
/// file is what its manifest says, the catalogue, the model manager's changes, and which pairs of
/// live and final models this computer can run.
enum ModelsCommand {
    static func run(_ arguments: [String]) throws {
        let action = arguments.first ?? "list"
        let rest = Array(arguments.dropFirst())
        switch action {
        case "available": try ModelsAvailableCommand.run(rest)
        case "install": try ModelsInstallCommand.run(rest)
        case "use": try ModelsChoiceCommands.use(rest)
        case "remove": try ModelsChoiceCommands.remove(rest)
        case "speed": try ModelsSpeedCommand.run(rest)
        case "list", "verify":
            guard rest.isEmpty else { throw UsageError(tr("\(action) לא מקבל ארגומנטים", "\(action) takes no arguments")) }
            try list(verify: action == "verify")
        default:
            throw UsageError(tr("models מקבל list, verify, available, install, use, remove או speed", "models takes list, verify, available, install, use, remove or speed"))
        }
    }

    static func list(verify: Bool) throws {
        let home = OzenHome.fromEnvironment()
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
                Swift.print("\(name)\t\(model.manifest.kind)\t\(model.manifest.size / 1_000_000) MB\t\(model.manifest.licence)\tfrom \(from)\t\(verify ? tr("sha256 תקין", "sha256 ok") : tr("תקין", "ok"))\(inUse)")
            } catch {
                damaged += 1
                Swift.print("\(name)\t\(tr("פגום", "DAMAGED"))\t\(error)")
            }
        }
        if damaged > 0 { throw ModelError.malformed(name: "\(damaged) model(s)", path: home.modelsPath, detail: tr("ראו למעלה", "see above")) }
    }
}

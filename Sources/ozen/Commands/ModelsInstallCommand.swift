import Foundation
import OzenKit
import OzenSessions

/// `ozen models install NAME|URL [--name N] [--sha256 H] [--licence L] [--json]`: finds what to
/// install (a catalogue name, or a URL with what she says of it, `ModelInstall.Target.resolving`)
/// and hands it to `ModelInstall`, which downloads and checks it.
enum ModelsInstallCommand {
    static func run(_ arguments: [String]) throws {
        let args = try ArgumentReader(arguments, options: ["--name", "--sha256", "--licence"], flags: ["--json"])
        guard args.positional.count == 1 else {
            throw UsageError(tr("install מקבל שם מהקטלוג או כתובת: ozen models install NAME|URL", "install takes a catalogue name or a URL: ozen models install NAME|URL"))
        }
        let catalogue = try ThisComputer.catalogue()
        let target = try ModelInstall.Target.resolving(args.positional[0], name: args.value("--name"), sha256: args.value("--sha256"),
                                                       licence: args.value("--licence"), catalogue: catalogue)
        try ModelInstall.run(target, home: OzenHome.fromEnvironment(), catalogue: catalogue, report: ModelInstallReport(json: args.flag("--json")))
    }
}

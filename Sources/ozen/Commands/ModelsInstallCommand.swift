import Foundation
import OzenEngines
import OzenIO
import OzenKit
import OzenSessions

/// `ozen models install NAME|URL [--name N] [--sha256 H] [--licence L] [--json]`: finds what to
/// install (a catalogue name, or a URL with what she says of it) and hands it to
/// `ModelInstall`, which downloads and checks it.
enum ModelsInstallCommand {
    typealias Target = ModelInstall.Target

    static func run(_ arguments: [String]) throws {
        let args = try ArgumentReader(arguments, options: ["--name", "--sha256", "--licence"], flags: ["--json"])
        guard args.positional.count == 1 else {
            throw UsageError(tr("install מקבל שם מהקטלוג או כתובת: ozen models install NAME|URL", "install takes a catalogue name or a URL: ozen models install NAME|URL"))
        }
        let home = OzenHome.fromEnvironment()
        let catalogue = try ThisComputer.catalogue()
        let target = try resolve(args.positional[0], args: args, catalogue: catalogue)
        try ModelInstall.run(target, home: home, catalogue: catalogue, report: ModelInstallReport(json: args.flag("--json")))
    }

    static func resolve(_ what: String, args: ArgumentReader, catalogue: ModelCatalogue) throws -> Target {
        if let model = catalogue.model(named: what) {
            return Target(name: args.value("--name") ?? model.name, url: model.url, size: Int64(model.size),
                          sha256: args.value("--sha256") ?? model.sha256, licence: model.licence, memoryMB: model.memoryMB, languages: model.languages)
        }
        guard what.contains("://") else {
            let close = catalogue.models.map(\.name).filter { $0.contains(what) || what.contains($0) }
            throw DownloadFailure.unknownModel(name: what, suggestions: Array(close.prefix(5)))
        }
        guard let url = URL(string: what), let scheme = url.scheme?.lowercased(), ["http", "https"].contains(scheme) else {
            throw DownloadFailure.badAddress(what)
        }
        if let sha = args.value("--sha256"), sha.count != 64 || sha.contains(where: { !$0.isHexDigit }) {
            throw UsageError(tr("--sha256 צריך 64 ספרות הקסדצימליות", "--sha256 needs 64 hexadecimal digits"))
        }
        let known = catalogue.models.first { $0.url == what }
        var name = args.value("--name") ?? known?.name ?? url.deletingPathExtension().lastPathComponent.lowercased()
        if name.hasPrefix("ggml-") { name.removeFirst(5) }
        guard !name.isEmpty, name != "model", name.first != ".", name.allSatisfy({ $0.isLetter || $0.isNumber || "._-".contains($0) }) else {
            throw UsageError(tr("תנו למודל שם: --name NAME (אותיות, ספרות, . _ -)", "give the model a name: --name NAME (letters, digits, . _ -)"))
        }
        return Target(name: name, url: what, size: known.map { Int64($0.size) }, sha256: args.value("--sha256") ?? known?.sha256,
                      licence: args.value("--licence") ?? known?.licence ?? tr("לא ידוע (הותקן מכתובת)", "unknown (installed from a URL)"),
                      memoryMB: known?.memoryMB, languages: known?.languages ?? ["multilingual"])
    }

}

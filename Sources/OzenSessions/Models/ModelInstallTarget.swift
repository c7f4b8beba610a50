import Foundation
import OzenIO
import OzenKit

extension ModelInstall.Target {
    /// What `ozen models install WHAT` means: a catalogue name (with `name` and `sha256` in place
    /// of the catalogue's when given), or an http(s) URL with what she says of it (a name is made
    /// from the file's when she gives none). A name that is neither says which catalogue names are
    /// close; a bad address, digest or name says what to type.
    public static func resolving(_ what: String, name given: String?, sha256: String?, licence: String?,
                                 catalogue: ModelCatalogue) throws -> ModelInstall.Target {
        if let model = catalogue.model(named: what) {
            return .init(name: given ?? model.name, url: model.url, size: Int64(model.size),
                         sha256: sha256 ?? model.sha256, licence: model.licence, memoryMB: model.memoryMB, languages: model.languages)
        }
        guard what.contains("://") else {
            let close = catalogue.models.map(\.name).filter { $0.contains(what) || what.contains($0) }
            throw DownloadFailure.unknownModel(name: what, suggestions: Array(close.prefix(5)))
        }
        guard let url = URL(string: what), let scheme = url.scheme?.lowercased(), ["http", "https"].contains(scheme) else {
            throw DownloadFailure.badAddress(what)
        }
        if let sha = sha256, sha.count != 64 || sha.contains(where: { !$0.isHexDigit }) {
            throw UsageError(tr("--sha256 צריך 64 ספרות הקסדצימליות", "--sha256 needs 64 hexadecimal digits"))
        }
        let known = catalogue.models.first { $0.url == what }
        var name = given ?? known?.name ?? url.deletingPathExtension().lastPathComponent.lowercased()
        if name.hasPrefix("ggml-") { name.removeFirst(5) }
        guard !name.isEmpty, name != "model", name.first != ".", name.allSatisfy({ $0.isLetter || $0.isNumber || "._-".contains($0) }) else {
            throw UsageError(tr("תנו למודל שם: --name NAME (אותיות, ספרות, . _ -)", "give the model a name: --name NAME (letters, digits, . _ -)"))
        }
        return .init(name: name, url: what, size: known.map { Int64($0.size) }, sha256: sha256 ?? known?.sha256,
                     licence: licence ?? known?.licence ?? tr("לא ידוע (הותקן מכתובת)", "unknown (installed from a URL)"),
                     memoryMB: known?.memoryMB, languages: known?.languages ?? ["multilingual"])
    }
}

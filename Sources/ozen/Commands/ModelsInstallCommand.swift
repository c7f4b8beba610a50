import Foundation
import OzenEngines
import OzenIO
import OzenKit
import OzenSessions

/// `ozen models install NAME|URL [--name N] [--sha256 H] [--licence L] [--json]`: downloads a
/// Whisper model so that nothing can get stuck or half-installed. Space and memory are checked
/// first; the file goes to `models/.downloads/NAME/` and continues there after any cut; it is
/// checked (ggml structure, sha256, a real load by whisper.cpp) and only then moved into place
/// with its manifest. Running it again after a failure continues; after success it says so.
enum ModelsInstallCommand {
    struct Target {
        var name: String
        var url: String
        var size: Int64?
        var sha256: String?
        var licence: String
        var memoryMB: Int?
        var languages: [String]
    }

    static func run(_ arguments: [String]) throws {
        let args = try ArgumentReader(arguments, options: ["--name", "--sha256", "--licence"], flags: ["--json"])
        guard args.positional.count == 1 else {
            throw UsageError(tr("install מקבל שם מהקטלוג או כתובת: ozen models install NAME|URL", "install takes a catalogue name or a URL: ozen models install NAME|URL"))
        }
        let home = OzenHome.fromEnvironment()
        let catalogue = try ThisComputer.catalogue()
        let json = args.flag("--json")
        let report = Report(json: json)
        let target = try resolve(args.positional[0], args: args, catalogue: catalogue)
        let staging = ModelStaging(home: home, name: target.name)

        if let installed = try? InstalledModel.load(target.name, in: home), target.sha256 == nil || installed.manifest.sha256 == target.sha256 {
            report.installed(name: target.name, size: Int64(installed.manifest.size), already: true)
            return
        }
        let computer = ThisComputer.measure(home: home)
        if let memory = target.memoryMB, Double(memory) * 1e6 > Double(computer.memoryBytes) * ModelFit.memoryShare {
            throw DownloadFailure.tooBigForMemory(name: target.name, neededMB: memory, memoryMB: Int(computer.memoryBytes / 1_000_000),
                                                  smallerThatFits: smaller(than: target, in: catalogue, computer: computer, home: home))
        }
        let have = ((try? FileManager.default.attributesOfItem(atPath: staging.partPath))?[.size] as? NSNumber)?.int64Value ?? 0
        if let size = target.size {
            let needed = size - have + ModelFit.headroom(forFileOf: Int(size))
            if needed > computer.freeDiskBytes {
                throw DownloadFailure.tooLittleSpace(folder: home.modelsPath, needed: needed, free: computer.freeDiskBytes,
                                                     smallerThatFits: smaller(than: target, in: catalogue, computer: computer, home: home))
            }
        }

        report.note(tr("מוריד את \(target.name) מ־\(target.url)", "downloading \(target.name) from \(target.url)"))
        try? FileManager.default.removeItem(atPath: staging.filePath)
        let download = ModelDownload(url: target.url, partPath: staging.partPath, expectedSize: target.size,
                                     headroom: ModelFit.headroom(forFileOf: Int(target.size ?? 0)))
        let size = try download.run(onEvent: report.event)
        report.finishProgress()
        try check(staging: staging, target: target, size: size, report: report)
        report.installed(name: target.name, size: size, already: false)
    }

    /// Checks the finished part and puts it in place; a file that fails is deleted, since
    /// downloading the rest again would give the same wrong bytes.
    static func check(staging: ModelStaging, target: Target, size: Int64, report: Report) throws {
        func discard() { try? FileManager.default.removeItem(atPath: staging.folder) }
        do { try GGMLWhisperFile.validate(path: staging.partPath) } catch {
            discard(); throw DownloadFailure.notAWhisperModel(name: target.name, detail: error.detail)
        }
        report.note(tr("בודק sha256…", "checking sha256…"))
        let digest = try SHA256.hexDigest(ofFileAt: staging.partPath)
        if let expected = target.sha256?.lowercased(), digest != expected {
            discard(); throw DownloadFailure.wrongChecksum(name: target.name, expected: expected, actual: digest)
        }
        try FileManager.default.moveItem(atPath: staging.partPath, toPath: staging.filePath)
        let file = (URL(string: target.url)?.lastPathComponent).flatMap { $0.isEmpty ? nil : $0 } ?? "model.bin"
        let manifest = ModelManifest(name: target.name, kind: "whisper-ggml", file: "model.bin", size: Int(size), sha256: digest,
                                     licence: target.licence,
                                     source: .init(packages: [target.url], files: [.init(name: file, sha256: digest)]), converter: nil)
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        try encoder.encode(manifest).write(to: URL(fileURLWithPath: staging.folder + "/manifest.json"), options: .atomic)
        report.note(tr("טוען אותו פעם אחת כדי לוודא שהוא עובד…", "loading it once to be sure it works…"))
        do {
            _ = try WhisperRecognizer(model: InstalledModel(manifest: manifest, folder: staging.folder))
        } catch {
            discard(); throw DownloadFailure.engineRefused(name: target.name)
        }
        let old = staging.folder + ".old"
        try? FileManager.default.removeItem(atPath: old)
        if FileManager.default.fileExists(atPath: staging.target) { try FileManager.default.moveItem(atPath: staging.target, toPath: old) }
        try FileManager.default.moveItem(atPath: staging.folder, toPath: staging.target)
        try? FileManager.default.removeItem(atPath: old)
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

    /// Up to three catalogue models for the same languages that fit here, largest first.
    static func smaller(than target: Target, in catalogue: ModelCatalogue, computer: ModelFit.Computer, home: OzenHome) -> [String] {
        catalogue.models
            .filter { $0.name != target.name && $0.languages == target.languages && Int64($0.size) < (target.size ?? .max) }
            .filter { ThisComputer.fit($0, in: catalogue, computer: computer, home: home).fits }
            .sorted { $0.size > $1.size }
            .prefix(3).map { "\($0.name) (\(DownloadProgress.bytes(Int64($0.size))))" }
    }
}

/// What `install` tells her while it works: a progress line on the terminal (stderr), or JSON
/// events on stdout with `--json` (what the page shows).
final class Report: @unchecked Sendable {
    let json: Bool
    private let lock = NSLock()
    private var lineOpen = false
    private let terminal = isatty(STDERR_FILENO) == 1

    init(json: Bool) { self.json = json }

    func event(_ event: ModelDownload.Event) {
        lock.withLock {
            switch event {
            case .progress(let p):
                if json {
                    var o: [String: Any] = ["type": "download", "done": p.done]
                    if let t = p.total { o["total"] = t }
                    if let pc = p.percent { o["percent"] = (pc * 10).rounded() / 10 }
                    if let s = p.bytesPerSecond { o["bytes_per_second"] = Int(s) }
                    if let l = p.secondsLeft { o["seconds_left"] = Int(l.rounded()) }
                    emit(o)
                } else if terminal {
                    FileHandle.standardError.write(Data(("\r\u{1B}[K" + p.line).utf8)); lineOpen = true
                }
            case .resuming(let from):
                say(["type": "download_resuming", "from": from], tr("ממשיך מ־\(DownloadProgress.bytes(from)) שכבר ירדו", "continuing after the \(DownloadProgress.bytes(from)) already downloaded"))
            case .startingOver(let reason):
                let (code, text): (String, String) = switch reason {
                case .serverDoesNotResume: ("server_does_not_resume", tr("השרת לא תומך בהמשך הורדה: מתחיל מההתחלה", "the server cannot continue a download: starting over"))
                case .fileChanged: ("file_changed", tr("הקובץ בשרת השתנה: מתחיל מההתחלה", "the file on the server changed: starting over"))
                case .wrongPiece: ("wrong_piece", tr("השרת שלח חלק אחר מהמבוקש: מתחיל מההתחלה", "the server sent another piece than asked: starting over"))
                }
                say(["type": "download_starting_over", "reason": code], text)
            case .retrying(let pause, let reason):
                say(["type": "download_retrying", "in": pause, "reason": reason],
                    tr("ההורדה נקטעה (\(reason)); מנסה שוב בעוד \(Int(pause)) שנ׳", "the download was cut (\(reason)); trying again in \(Int(pause)) s"))
            }
        }
    }

    func note(_ text: String) { lock.withLock { say(["type": "note", "text": text], text) } }

    func finishProgress() { lock.withLock { if lineOpen { FileHandle.standardError.write(Data("\n".utf8)); lineOpen = false } } }

    func installed(name: String, size: Int64, already: Bool) {
        lock.withLock {
            if json { emit(["type": "installed", "name": name, "size": size, "already": already]); return }
            if lineOpen { FileHandle.standardError.write(Data("\n".utf8)); lineOpen = false }
            print(already ? tr("\(name) כבר מותקן ותקין", "\(name) is already installed and intact")
                          : tr("\(name) הותקן (\(DownloadProgress.bytes(size))); כדי להשתמש בו: ozen models use \(name)",
                               "\(name) is installed (\(DownloadProgress.bytes(size))); to use it: ozen models use \(name)"))
        }
    }

    private func say(_ object: [String: Any], _ text: String) {
        if json { emit(object); return }
        if lineOpen { FileHandle.standardError.write(Data("\n".utf8)); lineOpen = false }
        FileHandle.standardError.write(Data((text + "\n").utf8))
    }

    private func emit(_ object: [String: Any]) {
        guard let data = try? JSONSerialization.data(withJSONObject: object, options: [.sortedKeys]) else { return }
        FileHandle.standardOutput.write(data + Data("\n".utf8))
    }
}

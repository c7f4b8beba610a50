import Foundation
import OzenEngines
import OzenIO
import OzenKit

/// Installs a Whisper model so that nothing can get stuck or half-installed: space and memory
/// are checked first; the file goes to `models/.downloads/NAME/` and continues there after any
/// cut; it is checked (ggml structure, sha256, a real load by whisper.cpp) and only then moved
/// into place with its manifest. Running it again after a failure continues; after success it
/// says so. `ozen models install` resolves what to install and hands it here.
public enum ModelInstall {
    /// What to install: a catalogue entry, or a URL with what she said of it.
    public struct Target: Sendable {
        public var name: String
        public var url: String
        public var size: Int64?
        public var sha256: String?
        public var licence: String
        public var memoryMB: Int?
        public var languages: [String]

        public init(name: String, url: String, size: Int64?, sha256: String?, licence: String, memoryMB: Int?, languages: [String]) {
            self.name = name; self.url = url; self.size = size; self.sha256 = sha256
            self.licence = licence; self.memoryMB = memoryMB; self.languages = languages
        }
    }

    /// Downloads, checks and puts `target` in place under `home`, telling `report` as it goes.
    public static func run(_ target: Target, home: OzenHome, catalogue: ModelCatalogue, report: ModelInstallReport) throws {
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
    static func check(staging: ModelStaging, target: Target, size: Int64, report: ModelInstallReport) throws {
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

    /// Up to three catalogue models for the same languages that fit here, largest first.
    static func smaller(than target: Target, in catalogue: ModelCatalogue, computer: ModelFit.Computer, home: OzenHome) -> [String] {
        catalogue.models
            .filter { $0.name != target.name && $0.languages == target.languages && Int64($0.size) < (target.size ?? .max) }
            .filter { ThisComputer.fit($0, in: catalogue, computer: computer, home: home).fits }
            .sorted { $0.size > $1.size }
            .prefix(3).map { "\($0.name) (\(DownloadProgress.bytes(Int64($0.size))))" }
    }
}

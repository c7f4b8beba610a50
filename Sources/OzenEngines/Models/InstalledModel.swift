import Foundation
import OzenKit

/// A model that is on disk and has passed its checks: safe to hand to a C engine.
/// It lives beside the engines rather than in OzenKit because the checksum is OpenSSL's
/// (`SHA256`), and OzenKit takes no C library; the manifest, errors and home stay there.
///
/// The C libraries can kill the process on a bad file, so every model is checked here first:
/// the manifest must exist, the size must match it exactly, and the file's own structure must
/// hold (a Whisper ggml file is walked tensor by tensor to its last byte). Files small enough to
/// hash in well under a second (< 64 MiB, e.g. Silero at 2.3 MB) are also checked against
/// their sha256 (skipped while `VerifiedStamp` shows the file unchanged since it last matched);
/// the 82 MB Whisper file gets the full checksum from `ozen models verify`.
public struct InstalledModel: Sendable, Equatable {
    public var manifest: ModelManifest
    public var folder: String
    public var filePath: String { folder + "/" + manifest.file }

    public init(manifest: ModelManifest, folder: String) { self.manifest = manifest; self.folder = folder }

    static let hashEveryLoadBelow = 64 << 20

    /// Finds model `name` under `home` and checks it.
    public static func load(_ name: String, in home: OzenHome) throws(ModelError) -> InstalledModel {
        let folder = home.modelsPath + "/" + name
        let manifestPath = folder + "/manifest.json"
        guard FileManager.default.fileExists(atPath: manifestPath) else {
            let known = (try? FileManager.default.contentsOfDirectory(atPath: home.modelsPath))?.sorted() ?? []
            if !known.isEmpty && !known.contains(name) && !FileManager.default.fileExists(atPath: folder) {
                throw .unknownName(name: name, known: known)
            }
            throw .notInstalled(name: name, folder: folder)
        }
        guard let data = FileManager.default.contents(atPath: manifestPath),
              let manifest = try? JSONDecoder().decode(ModelManifest.self, from: data) else {
            throw .manifestUnreadable(name: name, path: manifestPath)
        }
        let model = InstalledModel(manifest: manifest, folder: folder)
        try model.check(fullChecksum: false)
        return model
    }

    /// Size, structure, and (for small files or when asked) the sha256.
    public func check(fullChecksum: Bool) throws(ModelError) {
        let path = filePath
        guard let attributes = try? FileManager.default.attributesOfItem(atPath: path),
              let size = (attributes[.size] as? NSNumber)?.intValue else {
            throw .notInstalled(name: manifest.name, folder: folder)
        }
        guard size == manifest.size else {
            throw .sizeMismatch(name: manifest.name, path: path, expected: manifest.size, actual: size)
        }
        if manifest.kind == "whisper-ggml" {
            do {
                try GGMLWhisperFile.validate(path: path)
            } catch {
                throw .malformed(name: manifest.name, path: path, detail: error.detail)
            }
        }
        if fullChecksum || size < Self.hashEveryLoadBelow {
            if !fullChecksum && VerifiedStamp.matches(path, sha256: manifest.sha256) { return }
            guard let digest = try? SHA256.hexDigest(ofFileAt: path), digest == manifest.sha256 else {
                throw .checksumMismatch(name: manifest.name, path: path)
            }
            VerifiedStamp.record(path, sha256: digest)
        }
    }

    /// Every model folder under `home`, checked or not, by name.
    public static func installedNames(in home: OzenHome) -> [String] {
        let names = (try? FileManager.default.contentsOfDirectory(atPath: home.modelsPath)) ?? []
        return names.filter { FileManager.default.fileExists(atPath: home.modelsPath + "/" + $0 + "/manifest.json") }.sorted()
    }
}

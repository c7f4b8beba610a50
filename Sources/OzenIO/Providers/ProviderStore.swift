import Foundation
import OzenKit

/// Where her providers are kept: `$OZEN_HOME/providers/PURPOSE.json` (base URL, model, timeout,
/// and for cloud captions through a chat model `caption_api`)
/// and the key beside it in `PURPOSE.key`, written with rights for her alone (0600) and read
/// only if they still are. `OZEN_API_KEY` in the environment wins over the file.
public struct ProviderStore: Sendable {
    public enum Purpose: String, Sendable, CaseIterable {
        case interpreter, dictation
        /// Cloud captions (`--engine cloud`): a transcription endpoint.
        case captions
    }

    public let directory: String
    let environment: OzenEnvironment

    public init(home: OzenHome, environment: OzenEnvironment = .current) {
        directory = home.path + "/providers"
        self.environment = environment
    }

    public func settingsPath(_ purpose: Purpose) -> String { "\(directory)/\(purpose.rawValue).json" }
    public func keyPath(_ purpose: Purpose) -> String { "\(directory)/\(purpose.rawValue).key" }

    public func save(_ settings: ProviderSettings, purpose: Purpose) throws(ProviderStoreError) {
        var object: [String: Any] = ["base_url": settings.baseURL, "model": settings.model, "timeout_seconds": settings.timeout]
        if settings.captionAPI != .transcriptions { object["caption_api"] = settings.captionAPI.rawValue }
        guard let data = try? JSONSerialization.data(withJSONObject: object, options: [.prettyPrinted, .sortedKeys]) else {
            throw .unwritable(settingsPath(purpose), reason: "JSON")
        }
        do {
            try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true,
                                                    attributes: [.posixPermissions: 0o700])
        } catch {
            throw .unwritable(directory, reason: error.localizedDescription)
        }
        try write(data, to: settingsPath(purpose), mode: 0o600)
        if let key = settings.apiKey, !key.isEmpty {
            try write(Data(key.utf8), to: keyPath(purpose), mode: 0o600)
        }
    }

    public func load(purpose: Purpose) throws(ProviderStoreError) -> ProviderSettings {
        let path = settingsPath(purpose)
        guard let data = FileManager.default.contents(atPath: path) else { throw .notSet(purpose.rawValue) }
        guard let object = try? JSONSerialization.jsonObject(with: data) as? [String: Any],
              let base = object["base_url"] as? String else { throw .unreadable(path) }
        var settings = ProviderSettings(baseURL: base, model: object["model"] as? String ?? "",
                                        timeout: object["timeout_seconds"] as? Double ?? 20,
                                        captionAPI: (object["caption_api"] as? String).flatMap(CaptionAPI.init(rawValue:)) ?? .transcriptions)
        if let key = environment.apiKey {
            settings.apiKey = key
        } else if FileManager.default.fileExists(atPath: keyPath(purpose)) {
            let attributes = try? FileManager.default.attributesOfItem(atPath: keyPath(purpose))
            let mode = (attributes?[.posixPermissions] as? NSNumber)?.intValue ?? 0
            guard mode & 0o077 == 0 else { throw .keyExposed(keyPath(purpose)) }
            settings.apiKey = FileManager.default.contents(atPath: keyPath(purpose))
                .map { String(decoding: $0, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines) }
        }
        return settings
    }

    private func write(_ data: Data, to path: String, mode: Int) throws(ProviderStoreError) {
        let temporary = path + ".tmp"
        guard FileManager.default.createFile(atPath: temporary, contents: nil, attributes: [.posixPermissions: mode]),
              let handle = FileHandle(forWritingAtPath: temporary) else { throw .unwritable(path, reason: "cannot create") }
        do {
            try handle.write(contentsOf: data)
            try handle.synchronize()
            try handle.close()
            _ = try? FileManager.default.removeItem(atPath: path)
            try FileManager.default.moveItem(atPath: temporary, toPath: path)
        } catch {
            throw .unwritable(path, reason: error.localizedDescription)
        }
    }
}

public enum ProviderStoreError: Error, CustomStringConvertible, Equatable {
    case notSet(String)
    case unreadable(String)
    case unwritable(String, reason: String)
    case keyExposed(String)

    public var description: String {
        switch self {
        case .notSet(let purpose):
            let command = ["interpreter": "interpret", "dictation": "dictate", "captions": "caption"][purpose] ?? purpose
            return tr("לא הוגדר ספק ל־\(purpose) — הגדירו אחד: ozen \(command) provider set --base-url URL --model M",
                      "no provider is set for the \(purpose) — set one: ozen \(command) provider set --base-url URL --model M")
        case .unreadable(let path): return tr("קובץ הספק \(path) פגום — הגדירו את הספק מחדש", "the provider file \(path) is damaged — set the provider again")
        case .unwritable(let path, let reason): return tr("לא ניתן לכתוב את \(path): \(reason)", "cannot write \(path): \(reason)")
        case .keyExposed(let path):
            return tr("קובץ המפתח \(path) קריא לאחרים — הריצו chmod 600 \(path)", "the key file \(path) is readable by others — run chmod 600 \(path)")
        }
    }
}

import Foundation
import Synchronization

/// The last 100 incidents of every Ozen process on this computer, newest last, kept in
/// `diagnostics/incidents.jsonl` under Ozen's home (one JSON object a line), so `ozen
/// diagnostics` can list them after the process that had them has ended.
public final class IncidentLog: Sendable {
    public static let kept = 100
    public let path: String
    /// One writer at a time within this process (the file is replaced whole).
    private let lock = Mutex(())

    public init(home: OzenHome) { path = home.path + "/diagnostics/incidents.jsonl" }

    public func record(_ incident: Incident) {
        lock.withLock { _ in
            var lines = Self.lines(at: path)
            guard let data = try? Self.encoder.encode(incident) else { return }
            lines.append(String(decoding: data, as: UTF8.self))
            let text = lines.suffix(Self.kept).joined(separator: "\n") + "\n"
            try? FileManager.default.createDirectory(atPath: (path as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
            try? Data(text.utf8).write(to: URL(fileURLWithPath: path), options: .atomic)
        }
    }

    /// The kept incidents, oldest first; a damaged line is skipped.
    public func incidents() -> [Incident] {
        lock.withLock { _ in Self.lines(at: path).compactMap { try? Self.decoder.decode(Incident.self, from: Data($0.utf8)) } }
    }

    static func lines(at path: String) -> [String] {
        guard let text = try? String(contentsOfFile: path, encoding: .utf8) else { return [] }
        return text.split(separator: "\n").map(String.init)
    }

    public static let encoder: JSONEncoder = { let e = JSONEncoder(); e.dateEncodingStrategy = .iso8601; e.outputFormatting = [.sortedKeys]; return e }()
    public static let decoder: JSONDecoder = { let d = JSONDecoder(); d.dateDecodingStrategy = .iso8601; return d }()
}

import Foundation

/// Which Ozen processes are captioning now and with which Whisper model, so that switching the
/// model (`ozen models use`) can say what keeps running on the old one. Each `ozen listen` and
/// `ozen serve` writes `running/PID` (its command and model) and removes it when it ends; a
/// file whose process is gone (killed, crashed) is ignored and cleared.
public struct RunningCaptions: Sendable, Equatable {
    public var pid: Int32
    public var command: String
    public var model: String

    public static func folder(in home: OzenHome) -> String { home.path + "/running" }

    /// Notes this process as captioning with `model`; `finished()` takes the note away.
    public static func started(command: String, model: String, in home: OzenHome) -> Registration {
        let pid = ProcessInfo.processInfo.processIdentifier
        let path = folder(in: home) + "/\(pid)"
        try? FileManager.default.createDirectory(atPath: folder(in: home), withIntermediateDirectories: true)
        try? Data("\(command)\n\(model)\n".utf8).write(to: URL(fileURLWithPath: path), options: .atomic)
        return Registration(path: path)
    }

    public struct Registration: Sendable {
        let path: String
        public func finished() { try? FileManager.default.removeItem(atPath: path) }
    }

    /// The captioning processes alive now, other than this one.
    public static func now(in home: OzenHome) -> [RunningCaptions] {
        let me = ProcessInfo.processInfo.processIdentifier
        let names = (try? FileManager.default.contentsOfDirectory(atPath: folder(in: home))) ?? []
        return names.compactMap { name -> RunningCaptions? in
            guard let pid = Int32(name), pid != me else { return nil }
            let path = folder(in: home) + "/" + name
            guard kill(pid, 0) == 0 || errno == EPERM else { try? FileManager.default.removeItem(atPath: path); return nil }
            let lines = ((try? String(contentsOfFile: path, encoding: .utf8)) ?? "").split(separator: "\n").map(String.init)
            return RunningCaptions(pid: pid, command: lines.first ?? "ozen", model: lines.dropFirst().first ?? "?")
        }.sorted { $0.pid < $1.pid }
    }
}

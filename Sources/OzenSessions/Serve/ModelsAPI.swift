import Foundation
import OzenIO
import OzenKit
import Synchronization

/// The page's model manager:
///
///     GET  /api/models                   the catalogue with this computer's marks (as `ozen models available --json`)
///     POST /api/models/install {"name"}  starts `ozen models install NAME --json` (one at a time)
///     GET  /api/models/install           the install's progress: its last events, and how it ended
///
/// The install runs as its own process, so the captions never wait for it, and its JSON
/// events (percent, speed, time left, retries) are what the page shows. With --lan every
/// request needs the pairing token.
final class ModelsAPI: Sendable {
    let home: OzenHome
    let pairing: PairingToken?
    private struct Install {
        var process: Process?
        var name: String?
        var events: [String] = []
        var problem: String?
        var exitStatus: Int32?
        var pending = Data()
    }
    private let install = Mutex(Install())

    init(home: OzenHome, pairing: PairingToken?) { self.home = home; self.pairing = pairing }

    func answer(_ request: HTTPRequest) -> HTTPResponse {
        if let refusal = HistoryAPI.unpaired(request, pairing) { return refusal }
        switch (request.method, request.path) {
        case ("GET", "/api/models"):
            do {
                let report = try ModelsReport.make(home: home)
                return .json(String(decoding: try JSONSerialization.data(withJSONObject: report, options: [.sortedKeys]), as: UTF8.self))
            } catch { return HistoryAPI.problem(500, String(describing: error)) }
        case ("GET", "/api/models/install"):
            return .json(progress())
        case ("POST", "/api/models/install"):
            guard let object = try? JSONSerialization.jsonObject(with: Data(request.body)) as? [String: Any],
                  let name = object["name"] as? String, !name.isEmpty, !name.contains("/") else {
                return HistoryAPI.problem(400, #"send {"name":"…"} (a name from /api/models) as JSON"#)
            }
            return start(name)
        case (_, "/api/models"), (_, "/api/models/install"):
            return HistoryAPI.problem(405, "use GET, or POST to /api/models/install")
        default:
            return HistoryAPI.problem(404, "no such page: \(request.path)")
        }
    }

    private func start(_ model: String) -> HTTPResponse {
        install.withLock { install in
            if let process = install.process, process.isRunning {
                return HistoryAPI.problem(409, "\(install.name ?? "a model") is being installed; wait for it to finish")
            }
            let child = Process()
            child.executableURL = URL(fileURLWithPath: (try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe")) ?? CommandLine.arguments[0])
            child.arguments = ["models", "install", model, "--json"]
            let out = Pipe(), err = Pipe()
            child.standardOutput = out
            child.standardError = err
            child.standardInput = FileHandle.nullDevice
            let errors = ServeLog()
            child.terminationHandler = { [weak self] finished in
                // The last words on stderr ("ozen: not enough space …") say why it did not install.
                let said = errors.text.split(separator: "\n").last.map { String($0).replacingOccurrences(of: "ozen: ", with: "") }
                let status = finished.terminationStatus
                self?.install.withLock {
                    $0.exitStatus = status
                    if status != 0 { $0.problem = said ?? "the install stopped (\(status))" }
                }
            }
            do { try child.run() } catch { return HistoryAPI.problem(500, "the install could not start: \(error)") }
            // Plain reads on threads of their own (PipeReader says why not readabilityHandler).
            _ = PipeReader(out) { [weak self] more in self?.take(more) }
            _ = PipeReader(err) { more in errors.append(more) }
            install.process = child
            install.name = model
            install.events = []
            install.problem = nil
            install.exitStatus = nil
            install.pending = Data()
            return .json(JSONValue.object([("started", .string(model))]).serialized())
        }
    }

    private func take(_ data: Data) {
        install.withLock { install in
            install.pending += data
            while let newline = install.pending.firstIndex(of: 10) {
                let line = String(decoding: install.pending[install.pending.startIndex..<newline], as: UTF8.self)
                install.pending = Data(install.pending[install.pending.index(after: newline)...])
                if !line.isEmpty { install.events.append(line); if install.events.count > 50 { install.events.removeFirst() } }
            }
        }
    }

    /// {"name", "running", "events": [the install's JSON events], "problem", "exit"}.
    private func progress() -> String {
        install.withLock { install in
            let list = "[" + install.events.joined(separator: ",") + "]"
            var head: [(String, JSONValue)] = [("running", .bool(install.process?.isRunning ?? false)), ("name", install.name.map(JSONValue.string) ?? .null)]
            head.append(("problem", install.problem.map(JSONValue.string) ?? .null))
            head.append(("exit", install.exitStatus.map { .int(Int($0)) } ?? .null))
            let text = JSONValue.object(head).serialized()
            return String(text.dropLast()) + ",\"events\":" + list + "}"
        }
    }
}

/// Bytes a child wrote on stderr, kept whole.
private final class ServeLog: Sendable {
    private let data = Mutex(Data())
    func append(_ more: Data) { data.withLock { $0 += more } }
    var text: String { data.withLock { String(decoding: $0, as: UTF8.self) } }
}

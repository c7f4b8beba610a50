import Foundation
import OzenKit
import OzenTestSupport

/// llama.cpp's `llama-server` (built by setup) with SmolLM2-135M, on 127.0.0.1, for the tests
/// that need a real OpenAI-compatible chat server: a wire-format partner, not a quality bar.
/// The port is picked at random and tried again if taken; `stop()` ends it (SIGTERM, then SIGKILL).
final class LlamaServerProcess {
    static let binary = "/usr/local/lib/ozen-llama/llama-server"
    static var model: String { Fixtures.home.modelsPath + "/smollm2/model.gguf" }

    let port: Int
    private let logURL = FileManager.default.temporaryDirectory.appendingPathComponent("llama-server-\(UUID()).log")

    var baseURL: String { "http://127.0.0.1:\(port)/v1" }
    var log: String { (try? String(contentsOf: logURL, encoding: .utf8)) ?? "" }

    init(timeout: Double = 60) throws {
        guard FileManager.default.isExecutableFile(atPath: Self.binary), FileManager.default.fileExists(atPath: Self.model) else {
            throw LlamaServerError.notInstalled
        }
        var lastLog = ""
        for _ in 0..<5 {
            let candidate = Int.random(in: 20_000..<60_000)
            _ = FileManager.default.createFile(atPath: logURL.path, contents: nil)
            let handle = try FileHandle(forWritingTo: logURL)
            let process = Process()
            process.executableURL = URL(fileURLWithPath: Self.binary)
            process.arguments = ["-m", Self.model, "--host", "127.0.0.1", "--port", String(candidate), "-t", "1", "-c", "4096",
                                 "--parallel", "1", "--no-webui"]
            process.standardOutput = handle
            process.standardError = handle
            try process.run()
            let deadline = Date(timeIntervalSinceNow: timeout)
            while Date() < deadline && process.isRunning {
                if (try? String(contentsOf: logURL, encoding: .utf8))?.contains("listening on") == true {
                    self.port = candidate
                    running = process
                    return
                }
                Thread.sleep(forTimeInterval: 0.1)
            }
            lastLog = (try? String(contentsOf: logURL, encoding: .utf8)) ?? ""
            if process.isRunning { process.terminate() }
            process.waitUntilExit()
        }
        throw LlamaServerError.notListening(lastLog)
    }

    private var running: Process?

    func stop() {
        guard let running, running.isRunning else { return }
        running.terminate()
        let deadline = Date(timeIntervalSinceNow: 10)
        while running.isRunning && Date() < deadline { Thread.sleep(forTimeInterval: 0.05) }
        if running.isRunning { kill(running.processIdentifier, SIGKILL) }
        running.waitUntilExit()
    }

    deinit { stop() }
}

enum LlamaServerError: Error, CustomStringConvertible {
    case notInstalled
    case notListening(String)
    var description: String {
        switch self {
        case .notInstalled: return "llama-server or the SmolLM2 model is not installed: run `make setup`"
        case .notListening(let log): return "llama-server did not start listening; it said:\n\(log.suffix(2000))"
        }
    }
}

import Foundation
import OzenKit
import Synchronization

/// `ozen serve` started by the bench on a port of its own, without saving anything. What it
/// writes to stderr once it is listening is read as it comes (an unread pipe would stop its
/// threads at the first 64 KiB) and its end kept, to be shown if it does not stop cleanly.
public final class BenchServer: Sendable {
    public let process = Process()
    public let port: Int
    /// The end of what it wrote to stderr, read as it comes.
    private let lastWords = Mutex("")
    private let drained = DispatchSemaphore(value: 0)

    public init(language: String, model: String, speakers: Bool = true) throws {
        process.executableURL = URL(fileURLWithPath: "/proc/self/exe").resolvingSymlinksInPath()
        process.arguments = ["serve", "--port", "0", "--no-save", "--language", language, "--model", model]
            + (speakers ? [] : ["--no-speakers"])
        var environment = ProcessInfo.processInfo.environment
        environment[Knob.web.name] = DisplayPage.folder()
        process.environment = environment
        let errors = Pipe()
        process.standardError = errors
        process.standardOutput = FileHandle.nullDevice
        try process.run()
        var said = ""
        var listening: Int?
        let deadline = Date(timeIntervalSinceNow: 120)
        while Date() < deadline, process.isRunning {
            let data = errors.fileHandleForReading.availableData
            if data.isEmpty { break }
            said += String(decoding: data, as: UTF8.self)
            if let range = said.range(of: #"http://127\.0\.0\.1:[0-9]+/"#, options: .regularExpression),
               let found = Int(said[range].dropFirst("http://127.0.0.1:".count).dropLast()) {
                listening = found
                break
            }
        }
        guard let listening else {
            Self.stop(process)
            throw BenchServerError.notReady(said)
        }
        port = listening
        let reader = errors.fileHandleForReading
        Thread.detachNewThread { [self] in
            while case let data = reader.availableData, !data.isEmpty {
                lastWords.withLock { $0 = String(($0 + String(decoding: data, as: UTF8.self)).suffix(2000)) }
            }
            drained.signal()
        }
    }

    public func stop() { Self.stop(process) }

    private static func stop(_ process: Process) {
        guard process.isRunning else { return }
        process.terminate()
        process.waitUntilExit()
    }

    /// Stops the server as `stop` does and says how it ended: asked to stop (SIGTERM), `ozen
    /// serve` waits for its pipelines and exits with status 0; anything else is a fault of the
    /// server that the figures above do not show, so its last words come with it.
    public func stopAndSayHow() -> String {
        stop()
        _ = drained.wait(timeout: .now() + 5)
        let words = lastWords.withLock { $0.trimmingCharacters(in: .whitespacesAndNewlines) }
        if process.terminationReason == .exit && process.terminationStatus == 0 { return "stopped cleanly (exit 0)" }
        let how = process.terminationReason == .uncaughtSignal ? "killed by signal \(process.terminationStatus)"
                                                                : "exit \(process.terminationStatus)"
        return "did NOT stop cleanly (\(how)); its last words: \(words.suffix(600))"
    }
}

public enum BenchServerError: Error, CustomStringConvertible {
    case notReady(String)
    public var description: String {
        switch self {
        case .notReady(let said): return "ozen serve did not start for the bench; it said: \(said)"
        }
    }
}

import Foundation
import OzenIO
import OzenTestSupport

/// `ozen serve` running in the background for a test, on a port it picks itself (`--port 0`),
/// with the tests' own Ozen home and this checkout's Web folder. The port is read from the
/// address it prints on stderr; `stop()` ends it (SIGTERM, then SIGKILL after 10 s).
final class ServeProcess {
    let process = Process()
    let home: URL
    private(set) var port = 0
    private let log = Log()

    /// What the server printed on stderr, kept for the test's messages.
    final class Log: @unchecked Sendable {
        private let lock = NSLock()
        private var data = Data()
        func append(_ more: Data) { lock.lock(); data += more; lock.unlock() }
        var text: String { lock.lock(); defer { lock.unlock() }; return String(decoding: data, as: UTF8.self) }
    }

    /// Starts `ozen serve ARGUMENTS --port 0` and waits (up to `timeout` s: the model loads
    /// first) until it says where it listens.
    /// `program` and `directory` serve from another `ozen` (an installed one) and folder;
    /// `without` names settings it must not get at all (OZEN_WEB, to find the page itself).
    init(_ arguments: [String], home: URL = OzenProcess.testHome(), environment: [String: String] = [:], timeout: Double = 180,
         program: URL = OzenProcess.binary, directory: URL? = nil, without: Set<String> = []) throws {
        self.home = home
        process.executableURL = program
        if let directory { process.currentDirectoryURL = directory }
        process.arguments = ["serve"] + arguments + ["--port", "0"]
        process.environment = OzenProcess.defaultEnvironment.merging([
            "OZEN_HOME": home.path,
            "OZEN_WEB": Fixtures.repository.appendingPathComponent("Web").path,
        ]) { $1 }.merging(environment) { $1 }.filter { !without.contains($0.key) }
        let errors = Pipe()
        process.standardError = errors
        process.standardOutput = FileHandle.nullDevice
        let log = self.log
        try process.run()
        _ = PipeReader(errors) { more in log.append(more) }
        let deadline = Date(timeIntervalSinceNow: timeout)
        while Date() < deadline {
            if let found = Self.port(in: log.text) { port = found; return }
            guard process.isRunning else { break }
            Thread.sleep(forTimeInterval: 0.1)
        }
        stop()
        throw ServeProcessError.notListening(log.text)
    }

    /// The port of the first address `serve` announces: "http://127.0.0.1:PORT/", or with
    /// --lan "http://192.168.1.20:PORT/#token=…" (any host, IPv6 in brackets).
    static func port(in text: String) -> Int? {
        guard let range = text.range(of: #"http://(\[[^\]]+\]|[^/\s:]+):[0-9]+/"#, options: .regularExpression) else { return nil }
        let address = text[range].dropLast()
        guard let colon = address.lastIndex(of: ":") else { return nil }
        return Int(address[address.index(after: colon)...])
    }

    var address: String { "http://127.0.0.1:\(port)/" }
    var stderr: String { log.text }

    func stop() {
        guard process.isRunning else { return }
        process.terminate()
        let deadline = Date(timeIntervalSinceNow: 10)
        while process.isRunning && Date() < deadline { Thread.sleep(forTimeInterval: 0.05) }
        if process.isRunning { kill(process.processIdentifier, SIGKILL) }
        process.waitUntilExit()
    }

    deinit { stop() }
}

enum ServeProcessError: Error, CustomStringConvertible {
    case notListening(String)

    var description: String {
        switch self {
        case .notListening(let said): return "ozen serve did not start listening; it said:\n\(said)"
        }
    }
}

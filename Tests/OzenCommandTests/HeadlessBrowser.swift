import Foundation
import OzenIO

/// Debian's headless Chromium (`chromium-headless-shell`), driven through its DevTools
/// protocol over a WebSocket: the tests load the caption display in it, read the DOM with
/// Runtime.evaluate and keep a screenshot (Page.captureScreenshot).
///
/// Each browser gets a profile folder of its own (removed on close) and a DevTools port the
/// browser picks itself (`--remote-debugging-port=0`, read back from DevToolsActivePort), so
/// tests never collide over a port.
final class HeadlessBrowser {
    /// The browser itself. Debian's /usr/bin/chromium-headless-shell is a shell script that runs
    /// it as a child, so ending the script would leave the browser running: the binary is started
    /// directly when it is there.
    static let executable = ["/usr/lib/chromium/chromium-headless-shell", "/usr/bin/chromium-headless-shell"]
        .first { FileManager.default.isExecutableFile(atPath: $0) } ?? "/usr/bin/chromium-headless-shell"

    private let process = Process()
    private let profile: URL
    private var socket: WebSocketClient?
    private var nextID = 0
    private var launched = false

    /// Starts the browser on about:blank. `arguments` are added to Chromium's command line.
    init(arguments: [String] = [], timeout: Double = 60) throws {
        profile = FileManager.default.temporaryDirectory.appendingPathComponent("ozen-test-browser-\(UUID())")
        try FileManager.default.createDirectory(at: profile, withIntermediateDirectories: true)
        process.executableURL = URL(fileURLWithPath: Self.executable)
        process.arguments = ["--remote-debugging-port=0", "--user-data-dir=\(profile.path)", "--no-sandbox",
                             "--disable-gpu", "--no-first-run", "--no-default-browser-check", "--disable-extensions",
                             "--mute-audio", "--lang=en-US"] + arguments + ["about:blank"]
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        try process.run()
        launched = true
        do {
            let port = try waitForDevToolsPort(timeout: timeout)
            let page = try waitForPage(port: port, timeout: timeout)
            socket = try WebSocketClient.connect(host: page.host, port: page.port, path: page.path)
        } catch {
            close()
            throw error
        }
    }

    private func waitForDevToolsPort(timeout: Double) throws -> Int {
        let file = profile.appendingPathComponent("DevToolsActivePort")
        let deadline = Date(timeIntervalSinceNow: timeout)
        while Date() < deadline {
            if let text = try? String(contentsOf: file, encoding: .utf8),
               let first = text.split(separator: "\n").first, let port = Int(first) { return port }
            guard process.isRunning else { throw HeadlessBrowserError.exited(process.terminationStatus) }
            Thread.sleep(forTimeInterval: 0.1)
        }
        throw HeadlessBrowserError.noDevTools
    }

    private func waitForPage(port: Int, timeout: Double) throws -> (host: String, port: Int, path: String) {
        let deadline = Date(timeIntervalSinceNow: timeout)
        while Date() < deadline {
            if let response = try? PlainHTTP.get("http://127.0.0.1:\(port)/json/list"),
               let targets = try? JSONSerialization.jsonObject(with: response.body) as? [[String: Any]],
               let page = targets.first(where: { $0["type"] as? String == "page" }),
               let address = page["webSocketDebuggerUrl"] as? String,
               let url = URL(string: address), let host = url.host, let pagePort = url.port {
                return (host, pagePort, url.path)
            }
            Thread.sleep(forTimeInterval: 0.1)
        }
        throw HeadlessBrowserError.noDevTools
    }

    /// One DevTools command; its result. Events that arrive meanwhile are passed over.
    @discardableResult
    func call(_ method: String, _ params: [String: Any] = [:], timeout: Double = 30) throws -> [String: Any] {
        guard let socket else { throw HeadlessBrowserError.closed }
        nextID += 1
        let id = nextID
        let message = try JSONSerialization.data(withJSONObject: ["id": id, "method": method, "params": params])
        try socket.send(text: String(decoding: message, as: UTF8.self))
        let deadline = Date(timeIntervalSinceNow: timeout)
        while true {
            let left = deadline.timeIntervalSinceNow
            guard left > 0, let frame = socket.receive(timeout: left) else { throw HeadlessBrowserError.noAnswer(method) }
            guard let text = frame.text else {
                if case .close = frame { throw HeadlessBrowserError.closed }
                continue
            }
            guard let object = try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any],
                  object["id"] as? Int == id else { continue }
            if let error = object["error"] as? [String: Any] {
                throw HeadlessBrowserError.failed(method, String(describing: error["message"] ?? error))
            }
            return object["result"] as? [String: Any] ?? [:]
        }
    }

    /// Runs JavaScript in the page and returns its value (promises are awaited). It runs as
    /// if she had just tapped the page, so audio and the microphone may start.
    @discardableResult
    func evaluate(_ expression: String) throws -> Any? {
        let result = try call("Runtime.evaluate", ["expression": expression, "returnByValue": true, "awaitPromise": true,
                                                   "userGesture": true])
        if let exception = result["exceptionDetails"] as? [String: Any] {
            let thrown = (exception["exception"] as? [String: Any])?["description"] ?? exception["text"] ?? exception
            throw HeadlessBrowserError.script(String(describing: thrown))
        }
        return (result["result"] as? [String: Any])?["value"]
    }

    /// Evaluates `expression` (which returns a JSON string) and decodes it.
    func evaluate<T: Decodable>(_ expression: String, as type: T.Type) throws -> T {
        guard let text = try evaluate(expression) as? String else { throw HeadlessBrowserError.script("no JSON from \(expression)") }
        return try JSONDecoder().decode(T.self, from: Data(text.utf8))
    }

    /// The page's size in CSS pixels, as a small tablet or phone would have it.
    func setViewport(width: Int, height: Int) throws {
        try call("Emulation.setDeviceMetricsOverride", ["width": width, "height": height, "deviceScaleFactor": 1, "mobile": false])
    }

    /// Opens `url` and waits until the document has loaded.
    func open(_ url: String, timeout: Double = 30) throws {
        try call("Page.enable")
        try call("Runtime.enable")
        try call("Page.navigate", ["url": url])
        let deadline = Date(timeIntervalSinceNow: timeout)
        while Date() < deadline {
            if let state = try? evaluate("location.href + ' ' + document.readyState") as? String,
               state.hasPrefix(url), state.hasSuffix("complete") { return }
            Thread.sleep(forTimeInterval: 0.1)
        }
        throw HeadlessBrowserError.noAnswer("load \(url)")
    }

    /// Waits (polling every 0.2 s) until `condition` holds for a value read from the page.
    func wait<T: Decodable>(for expression: String, as type: T.Type, timeout: Double,
                            until condition: (T) -> Bool) throws -> T? {
        let deadline = Date(timeIntervalSinceNow: timeout)
        var last: T?
        while Date() < deadline {
            last = try evaluate(expression, as: T.self)
            if let value = last, condition(value) { return value }
            Thread.sleep(forTimeInterval: 0.2)
        }
        return nil
    }

    /// A PNG of what the page shows now.
    func screenshot() throws -> Data {
        let result = try call("Page.captureScreenshot", ["format": "png"])
        guard let encoded = result["data"] as? String, let png = Data(base64Encoded: encoded) else {
            throw HeadlessBrowserError.failed("Page.captureScreenshot", "no image")
        }
        return png
    }

    /// Ends the browser (it ends its own helper processes) and removes its profile.
    func close() {
        if let socket {
            _ = try? call("Browser.close", timeout: 5)
            socket.close()
        }
        socket = nil
        guard launched else { return }
        launched = false
        if process.isRunning {
            let deadline = Date(timeIntervalSinceNow: 5)
            while process.isRunning && Date() < deadline { Thread.sleep(forTimeInterval: 0.05) }
            if process.isRunning { process.terminate() }
            let killAfter = Date(timeIntervalSinceNow: 5)
            while process.isRunning && Date() < killAfter { Thread.sleep(forTimeInterval: 0.05) }
            if process.isRunning { kill(process.processIdentifier, SIGKILL) }
        }
        process.waitUntilExit()
        try? FileManager.default.removeItem(at: profile)
    }

    deinit { close() }
}

enum HeadlessBrowserError: Error, CustomStringConvertible {
    case exited(Int32)
    case noDevTools
    case closed
    case noAnswer(String)
    case failed(String, String)
    case script(String)

    var description: String {
        switch self {
        case .exited(let status): return "chromium-headless-shell exited (\(status)) before it was ready"
        case .noDevTools: return "chromium-headless-shell did not open its DevTools port"
        case .closed: return "the DevTools connection closed"
        case .noAnswer(let what): return "no answer from the browser: \(what)"
        case .failed(let method, let detail): return "\(method) failed: \(detail)"
        case .script(let detail): return "the page's script failed: \(detail)"
        }
    }
}

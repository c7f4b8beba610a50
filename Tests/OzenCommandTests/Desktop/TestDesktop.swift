import Foundation
import OzenTestSupport

/// A real X11 desktop for the dictation tests: Xvfb on a display of its own, a GTK3 text
/// window and an xterm from Debian, each writing what arrives at its cursor to a file. No
/// window manager unless a test asks for one (`windowManager`): a window is given the focus
/// with `xdotool windowfocus`, as a click would.
final class TestDesktop {
    let display: String
    private var processes: [Process] = []
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent("ozen-desktop-\(UUID())")
    static let scripts = Fixtures.repository.appendingPathComponent("Tests/OzenCommandTests/Desktop")

    init() throws {
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        var started: (Process, String)?
        for _ in 0..<5 {
            let number = Int.random(in: 100..<900)
            guard !FileManager.default.fileExists(atPath: "/tmp/.X11-unix/X\(number)") else { continue }
            let xvfb = try Self.launch("/usr/bin/Xvfb", [":\(number)", "-screen", "0", "1280x800x24", "-nolisten", "tcp"], display: nil)
            let deadline = Date(timeIntervalSinceNow: 10)
            while Date() < deadline, xvfb.isRunning, !FileManager.default.fileExists(atPath: "/tmp/.X11-unix/X\(number)") {
                Thread.sleep(forTimeInterval: 0.05)
            }
            if xvfb.isRunning { started = (xvfb, ":\(number)"); break }
        }
        guard let (xvfb, display) = started else { throw TestDesktopError.noDisplay }
        self.display = display
        processes.append(xvfb)
    }

    /// Openbox from Debian as this desktop's window manager (what keeps a window above the
    /// others, or not); returns once it has taken the display.
    func windowManager() throws {
        // Started again if it ends before taking the display (seen once in a full run, with
        // the other lane busy): three tries, each waited for up to 20 s.
        for _ in 0..<3 {
            let openbox = try Self.launch("/usr/bin/openbox", ["--sm-disable"], display: display)
            processes.append(openbox)
            let deadline = Date(timeIntervalSinceNow: 20)
            while Date() < deadline, openbox.isRunning {
                if (try? output("/usr/bin/xprop", ["-root", "_NET_SUPPORTING_WM_CHECK"]))?.contains("window id") == true { return }
                Thread.sleep(forTimeInterval: 0.05)
            }
            if openbox.isRunning { break }
        }
        throw TestDesktopError.noWindow("openbox (Xvfb \(processes.first?.isRunning == true ? "running" : "gone"))")
    }

    /// The windows the window manager manages: each one's X11 id and what xprop says of its
    /// title (WM_NAME) and state (_NET_WM_STATE).
    func windows() throws -> [(id: String, properties: String)] {
        let list = try output("/usr/bin/xprop", ["-root", "_NET_CLIENT_LIST"])
        let ids = list.split(whereSeparator: { $0 == " " || $0 == "," }).filter { $0.hasPrefix("0x") }.map(String.init)
        return try ids.map { ($0, try output("/usr/bin/xprop", ["-id", $0, "WM_NAME", "_NET_WM_STATE"])) }
    }

    /// Moves window `id` as her drag would, and where it is then (xdotool's "Position: X,Y").
    func move(_ id: String, x: Int, y: Int) throws {
        _ = try output("/usr/bin/xdotool", ["windowmove", "--sync", id, String(x), String(y)])
    }

    func position(_ id: String) throws -> String {
        try output("/usr/bin/xdotool", ["getwindowgeometry", id]).split(separator: "\n")
            .first { $0.contains("Position:") }.map { $0.trimmingCharacters(in: .whitespaces) } ?? ""
    }

    /// A GTK3 text view titled `title`; returns the file its text is written to.
    func textWindow(_ title: String) throws -> URL {
        let out = folder.appendingPathComponent("\(title).txt")
        processes.append(try Self.launch("/usr/bin/python3", [Self.scripts.appendingPathComponent("text_window.py").path, out.path, title], display: display))
        try waitFor(URL(fileURLWithPath: out.path + ".ready"))
        try focus(title)
        return out
    }

    /// An xterm titled `title` running a reader that keeps every byte it gets.
    func terminal(_ title: String) throws -> URL {
        let out = folder.appendingPathComponent("\(title).bytes")
        processes.append(try Self.launch("/usr/bin/xterm", ["-T", title, "-e", "/usr/bin/python3",
                                                            Self.scripts.appendingPathComponent("terminal_reader.py").path, out.path], display: display))
        try waitFor(URL(fileURLWithPath: out.path + ".ready"))
        try focus(title)
        return out
    }

    func focus(_ title: String) throws {
        let window = try output("/usr/bin/xdotool", ["search", "--name", title]).split(separator: "\n").first.map(String.init) ?? ""
        guard !window.isEmpty else { throw TestDesktopError.noWindow(title) }
        _ = try output("/usr/bin/xdotool", ["windowfocus", "--sync", window])
    }

    /// What the clipboard holds now.
    func clipboard() throws -> String { try output("/usr/bin/xclip", ["-o", "-selection", "clipboard"]) }

    /// Puts `text` on the clipboard as her own copy would (xclip stays to serve it).
    func copy(_ text: String) throws {
        let process = try Self.launch("/usr/bin/xclip", ["-i", "-selection", "clipboard", "-quiet"], display: display, input: text)
        processes.append(process)
        Thread.sleep(forTimeInterval: 0.2)
    }

    /// Waits (up to `seconds`) until `file` holds `condition`; returns its text.
    func read(_ file: URL, seconds: Double = 5, until condition: (String) -> Bool) -> String {
        Self.read(file, seconds: seconds, until: condition)
    }

    static func read(_ file: URL, seconds: Double = 5, until condition: (String) -> Bool) -> String {
        let deadline = Date(timeIntervalSinceNow: seconds)
        var text = ""
        while Date() < deadline {
            text = (try? String(contentsOf: file, encoding: .utf8)) ?? ""
            if condition(text) { return text }
            Thread.sleep(forTimeInterval: 0.05)
        }
        return text
    }

    func stop() {
        // SIGKILL: the test runner's children inherit SIGTERM ignored.
        for process in processes.reversed() where process.isRunning { kill(process.processIdentifier, SIGKILL) }
        for process in processes { process.waitUntilExit() }
        processes = []
        try? FileManager.default.removeItem(at: folder)
    }

    deinit { stop() }

    private func waitFor(_ file: URL) throws {
        let deadline = Date(timeIntervalSinceNow: 20)
        while Date() < deadline {
            if FileManager.default.fileExists(atPath: file.path) { Thread.sleep(forTimeInterval: 0.3); return }
            Thread.sleep(forTimeInterval: 0.05)
        }
        throw TestDesktopError.noWindow(file.lastPathComponent)
    }

    private func output(_ tool: String, _ arguments: [String]) throws -> String {
        let pipe = Pipe()
        let process = try Self.launch(tool, arguments, display: display, output: pipe)
        let data = pipe.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return String(decoding: data, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)
    }

    static func launch(_ path: String, _ arguments: [String], display: String?, output: Pipe? = nil, input: String? = nil) throws -> Process {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: path)
        process.arguments = arguments
        var environment = ProcessInfo.processInfo.environment
        environment.removeValue(forKey: "WAYLAND_DISPLAY")
        if let display { environment["DISPLAY"] = display }
        process.environment = environment
        process.standardOutput = output ?? FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        let stdin = Pipe()
        if input != nil { process.standardInput = stdin }
        try process.run()
        if let input {
            stdin.fileHandleForWriting.write(Data(input.utf8))
            try? stdin.fileHandleForWriting.close()
        }
        return process
    }
}

enum TestDesktopError: Error, CustomStringConvertible {
    case noDisplay
    case noCompositor
    case noWindow(String)
    var description: String {
        switch self {
        case .noDisplay: return "Xvfb did not start (is xvfb installed? run `make setup`)"
        case .noCompositor: return "sway did not start on its headless backend (is sway installed? run `make setup`)"
        case .noWindow(let name): return "the test window \(name) did not appear"
        }
    }
}

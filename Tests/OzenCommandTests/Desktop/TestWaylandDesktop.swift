import Foundation
import OzenTestSupport

/// A real wlroots Wayland desktop for the dictation tests: sway from Debian on its headless
/// backend (no screen, no input devices), in a runtime folder of its own, with the GTK3 text
/// window of the X11 tests opened on it (sway gives a new window the focus). sway will not run
/// as root, so under root it runs as `nobody` (setpriv); the tests, as root, can still reach
/// its socket.
final class TestWaylandDesktop {
    let runtime = FileManager.default.temporaryDirectory.appendingPathComponent("ozen-wayland-\(UUID())")
    private(set) var socket = ""
    private var processes: [Process] = []

    /// What a program on this desktop needs in its environment.
    var environment: [String: String] {
        ["WAYLAND_DISPLAY": socket, "XDG_RUNTIME_DIR": runtime.path, "XDG_SESSION_TYPE": "wayland",
         "XDG_CURRENT_DESKTOP": "sway", "GDK_BACKEND": "wayland", "DISPLAY": ""]
    }

    init() throws {
        try FileManager.default.createDirectory(at: runtime, withIntermediateDirectories: true)
        let config = runtime.appendingPathComponent("config")
        try "output HEADLESS-1 resolution 1024x768\n".write(to: config, atomically: true, encoding: .utf8)
        var command = ["/usr/bin/env", "HOME=\(runtime.path)", "XDG_RUNTIME_DIR=\(runtime.path)", "WLR_BACKENDS=headless",
                       "WLR_LIBINPUT_NO_DEVICES=1", "WLR_RENDERER=pixman", "/usr/bin/sway", "-c", config.path]
        if getuid() == 0 {
            for path in [runtime.path, config.path] { chown(path, 65534, 65534) }
            command = ["/usr/bin/setpriv", "--reuid=65534", "--regid=65534", "--clear-groups"] + command
        }
        chmod(runtime.path, 0o700)
        let sway = try Self.launch(command[0], Array(command.dropFirst()), environment: [:])
        processes.append(sway)
        let deadline = Date(timeIntervalSinceNow: 15)
        while Date() < deadline, sway.isRunning {
            let names = (try? FileManager.default.contentsOfDirectory(atPath: runtime.path)) ?? []
            if let name = names.first(where: { $0.hasPrefix("wayland-") && !$0.hasSuffix(".lock") }) { socket = name; break }
            Thread.sleep(forTimeInterval: 0.05)
        }
        guard !socket.isEmpty else {
            stop()
            throw TestDesktopError.noCompositor
        }
    }

    /// A GTK3 text view on this desktop, with the focus; returns the file its text is written to.
    func textWindow(_ title: String) throws -> URL {
        let out = runtime.appendingPathComponent("\(title).txt")
        processes.append(try Self.launch("/usr/bin/python3", [TestDesktop.scripts.appendingPathComponent("text_window.py").path, out.path, title],
                                         environment: environment))
        let ready = URL(fileURLWithPath: out.path + ".ready")
        let deadline = Date(timeIntervalSinceNow: 20)
        while Date() < deadline, !FileManager.default.fileExists(atPath: ready.path) { Thread.sleep(forTimeInterval: 0.05) }
        guard FileManager.default.fileExists(atPath: ready.path) else { throw TestDesktopError.noWindow(title) }
        Thread.sleep(forTimeInterval: 0.3)
        return out
    }

    /// What the clipboard holds now.
    func clipboard() throws -> String {
        let pipe = Pipe()
        let process = try Self.launch("/usr/bin/wl-paste", ["--no-newline"], environment: environment, output: pipe)
        let data = pipe.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return String(decoding: data, as: UTF8.self)
    }

    /// Puts `text` on the clipboard as her own copy would (wl-copy stays to serve it).
    func copy(_ text: String) throws {
        processes.append(try Self.launch("/usr/bin/wl-copy", ["--foreground", "--", text], environment: environment))
        Thread.sleep(forTimeInterval: 0.2)
    }

    func stop() {
        // SIGKILL: the test runner's children inherit SIGTERM ignored.
        for process in processes.reversed() where process.isRunning { kill(process.processIdentifier, SIGKILL) }
        for process in processes { process.waitUntilExit() }
        processes = []
        try? FileManager.default.removeItem(at: runtime)
    }

    deinit { stop() }

    static func launch(_ path: String, _ arguments: [String], environment extra: [String: String], output: Pipe? = nil) throws -> Process {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: path)
        process.arguments = arguments
        var environment = ProcessInfo.processInfo.environment.merging(extra) { $1 }
        environment.removeValue(forKey: "DISPLAY")
        process.environment = environment
        process.standardOutput = output ?? FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        try process.run()
        return process
    }
}

import Foundation
import OzenKit
import OzenTestSupport
import Testing

/// Ozen installed like a program (issue 46): `make install-built` (scripts/install.sh, the same
/// script `make install` runs after its release build) puts the tests' `ozen` under a prefix in
/// a scratch folder; that `ozen`, run from outside the checkout with no OZEN_WEB, loads only its
/// own copies of the non-system libraries, captions a real recording, serves the page from the
/// install, and writes a service unit systemd accepts; `make uninstall` leaves the prefix empty.
/// The launcher's `serve --open` is seen to open the address it serves.
@Suite(.serialized) struct InstallTests {
    let scratch: URL
    let prefix: URL
    var installed: URL { prefix.appendingPathComponent("bin/ozen") }

    init() throws {
        scratch = FileManager.default.temporaryDirectory.appendingPathComponent("ozen-install-\(UUID())")
        prefix = scratch.appendingPathComponent("prefix")
        try FileManager.default.createDirectory(at: prefix, withIntermediateDirectories: true)
    }

    /// A tool's exit status and everything it printed (stdout and stderr together).
    struct ToolResult { var status: Int32; var output: String }

    func tool(_ path: String, _ arguments: [String], environment: [String: String] = [:]) throws -> ToolResult {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: path)
        process.arguments = arguments
        process.environment = ProcessInfo.processInfo.environment.merging(environment) { $1 }
        let output = Pipe()
        process.standardOutput = output
        process.standardError = output
        try process.run()
        let data = output.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return ToolResult(status: process.terminationStatus, output: String(decoding: data, as: UTF8.self))
    }

    func make(_ arguments: [String]) throws -> ToolResult {
        try tool("/usr/bin/make", ["-s", "-C", Fixtures.repository.path] + arguments)
    }

    func install() throws {
        let result = try make(["install-built", "BINARY=\(OzenProcess.binary.path)", "PREFIX=\(prefix.path)"])
        try #require(result.status == 0, "\(result.output)")
    }

    func everythingUnder(_ folder: URL) -> [String] {
        (FileManager.default.enumerator(atPath: folder.path)?.allObjects as? [String] ?? []).sorted()
    }

    @Test func theInstalledOzenWorksWithoutTheCheckout() throws {
        defer { try? FileManager.default.removeItem(at: scratch) }
        try install()
        let programFolder = prefix.appendingPathComponent("lib/ozen").path

        // Every library from outside /lib and /usr/lib is the install's own copy.
        let ldd = try tool("/usr/bin/ldd", [prefix.appendingPathComponent("lib/ozen/ozen").path])
        #expect(ldd.status == 0, "\(ldd.output)")
        let outside = ldd.output.split(separator: "\n").compactMap { line -> String? in
            let parts = line.split(separator: " ")
            guard parts.count >= 3, parts[1] == "=>" else { return nil }
            let path = String(parts[2])
            return path.hasPrefix("/lib/") || path.hasPrefix("/usr/lib/") ? nil : path
        }
        #expect(outside.count >= 10, "\(ldd.output)")
        #expect(outside.allSatisfy { $0.hasPrefix(programFolder + "/") }, "\(ldd.output)")
        // The caption window beside it, loading the same copies, answering.
        let window = prefix.appendingPathComponent("lib/ozen/ozen-window").path
        let windowLibraries = try tool("/usr/bin/ldd", [window])
        #expect(windowLibraries.status == 0 && !windowLibraries.output.contains("not found"), "\(windowLibraries.output)")
        #expect(windowLibraries.output.contains("libwebkit2gtk-4.1"), "\(windowLibraries.output)")
        #expect(windowLibraries.output.split(separator: "\n").filter { $0.contains("libswiftCore") }.allSatisfy { $0.contains(programFolder + "/") },
                "\(windowLibraries.output)")
        let usage = try tool(window, ["--help"])
        #expect(usage.status == 0 && usage.output.contains("usage: ozen-window"), "\(usage.output)")

        // A real recording, captioned from a folder outside the checkout with no OZEN_WEB.
        let recording = scratch.appendingPathComponent("jfk.wav")
        try FileManager.default.copyItem(atPath: Fixtures.jfk.path, toPath: recording.path)
        let caption = try OzenProcess.run(["caption", recording.path, "--no-save", "--language", "en"],
                                          program: installed, directory: scratch, without: ["OZEN_WEB"])
        #expect(caption.status == 0, "\(caption.stderr)")
        #expect(caption.stdout.lowercased().contains("what you can do for your country"), "\(caption.stdout)")

        // The page comes from the install.
        let server = try ServeProcess([], program: installed, directory: scratch, without: ["OZEN_WEB"])
        defer { server.stop() }
        let page = try PlainHTTP.get(server.address)
        #expect(page.status == 200)
        #expect(page.text.contains("<html"), "\(page.text.prefix(200))")
        let script = try PlainHTTP.get(server.address + "display.js")
        #expect(script.status == 200)

        // The launchers: valid, each starting this install's ozen, on the default microphone
        // with the page open, and on what the computer plays in the caption window.
        for (file, device, name, shows) in [("ozen.desktop", "default", "Ozen captions", "--open"),
                                            ("ozen-calls.desktop", "computer", "Ozen: captions for calls", "--window")] {
            let launcher = prefix.appendingPathComponent("share/applications/" + file).path
            let validation = try tool("/usr/bin/desktop-file-validate", [launcher])
            #expect(validation.status == 0 && validation.output.isEmpty, "\(file): \(validation.output)")
            let entry = try String(contentsOfFile: launcher, encoding: .utf8)
            #expect(entry.contains("\nExec=\"\(installed.path)\" serve --device \(device) \(shows)\n"), "\(entry)")
            #expect(entry.contains("\nName=\(name)\n"), "\(entry)")
        }
    }

    /// What the launcher's `--open` runs, seen through an `xdg-open` of the test's own that
    /// writes down its arguments (no Chromium is on this PATH).
    @Test func openShowsThePageItServes() throws {
        defer { try? FileManager.default.removeItem(at: scratch) }
        let tools = scratch.appendingPathComponent("tools")
        try FileManager.default.createDirectory(at: tools, withIntermediateDirectories: true)
        let asked = scratch.appendingPathComponent("opened.txt")
        let opener = tools.appendingPathComponent("xdg-open")
        try Data("#!/bin/sh\necho \"$@\" > '\(asked.path)'\n".utf8).write(to: opener)
        try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: opener.path)
        let server = try ServeProcess(["--open"], environment: ["PATH": tools.path + ":/usr/bin:/bin"])
        defer { server.stop() }
        let deadline = Date(timeIntervalSinceNow: 10)
        var opened = ""
        while opened.isEmpty, Date() < deadline {
            Thread.sleep(forTimeInterval: 0.1)
            opened = (try? String(contentsOf: asked, encoding: .utf8)) ?? ""
        }
        #expect(opened == server.address + "\n", "\(server.stderr)")
    }

    @Test func serviceInstallWritesAUnitSystemdAccepts() throws {
        defer { try? FileManager.default.removeItem(at: scratch) }
        try install()
        let config = scratch.appendingPathComponent("config")
        // No user systemd answers from a folder with no bus in it: install says so and what to run.
        let noSession = ["XDG_CONFIG_HOME": config.path, "XDG_RUNTIME_DIR": scratch.appendingPathComponent("no-session").path]
        let unit = config.appendingPathComponent("systemd/user/ozen.service")

        let written = try OzenProcess.run(["service", "install", "--lan"], environment: noSession, program: installed,
                                          directory: scratch, without: ["DBUS_SESSION_BUS_ADDRESS"])
        #expect(written.status == 0, "\(written.stderr)")
        #expect(written.stdout.contains("wrote \(unit.path)"), "\(written.stdout)")
        #expect(written.stdout.contains("no user systemd is reachable here"), "\(written.stdout)")
        #expect(written.stdout.contains("systemctl --user daemon-reload && systemctl --user enable --now ozen.service"))
        let text = try String(contentsOf: unit, encoding: .utf8)
        #expect(text.contains("\nExecStart=\(installed.path) serve --lan\n"), "\(text)")
        #expect(!written.stdout.contains("not an installed one"), "\(written.stdout)")

        // systemd's own check of the written file, as her user manager reads it.
        let analyze = "/usr/bin/systemd-analyze"
        try #require(FileManager.default.isExecutableFile(atPath: analyze),
                     "systemd-analyze is missing: install systemd (apt-get install systemd) to check the unit")
        let runtime = scratch.appendingPathComponent("runtime")
        try FileManager.default.createDirectory(at: runtime, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700])
        let verify = try tool(analyze, ["--user", "verify", unit.path], environment: ["XDG_RUNTIME_DIR": runtime.path])
        #expect(verify.status == 0 && verify.output.isEmpty, "\(verify.output)")

        let status = try OzenProcess.run(["service", "status"], environment: noSession, program: installed, without: ["DBUS_SESSION_BUS_ADDRESS"])
        #expect(status.status == 0)
        #expect(status.stdout.contains("unit: \(unit.path)") && status.stdout.contains("whether it runs is unknown"), "\(status.stdout)")

        let removed = try OzenProcess.run(["service", "remove"], environment: noSession, program: installed, without: ["DBUS_SESSION_BUS_ADDRESS"])
        #expect(removed.status == 0 && !FileManager.default.fileExists(atPath: unit.path), "\(removed.stdout)\(removed.stderr)")
        let again = try OzenProcess.run(["service", "remove"], environment: noSession, program: installed, without: ["DBUS_SESSION_BUS_ADDRESS"])
        #expect(again.status == 0 && again.stdout.contains("nothing to remove"), "\(again.stdout)")

        let wrong = try OzenProcess.run(["service", "start"], program: installed)
        #expect(wrong.status == 64 && wrong.stderr.contains("install [--lan], remove or status"), "\(wrong.stderr)")
    }

    @Test func installingAgainChangesNothingAndUninstallLeavesNothing() throws {
        defer { try? FileManager.default.removeItem(at: scratch) }
        try install()
        let first = everythingUnder(prefix)
        let manifest = try String(contentsOfFile: prefix.appendingPathComponent("share/ozen/installed-files").path, encoding: .utf8)
        try install()
        #expect(everythingUnder(prefix) == first)
        #expect(try String(contentsOfFile: prefix.appendingPathComponent("share/ozen/installed-files").path, encoding: .utf8) == manifest)

        let uninstall = try make(["uninstall", "PREFIX=\(prefix.path)"])
        #expect(uninstall.status == 0, "\(uninstall.output)")
        #expect(everythingUnder(prefix).isEmpty, "\(everythingUnder(prefix))")
        let again = try make(["uninstall", "PREFIX=\(prefix.path)"])
        #expect(again.status == 0 && again.output.contains("nothing installed"), "\(again.output)")

        // A file install did not put there is left alone, and install says so.
        let theirs = prefix.appendingPathComponent("bin/ozen")
        try FileManager.default.createDirectory(at: theirs.deletingLastPathComponent(), withIntermediateDirectories: true)
        try Data("#!/bin/sh\n".utf8).write(to: theirs)
        let refused = try make(["install-built", "BINARY=\(OzenProcess.binary.path)", "PREFIX=\(prefix.path)"])
        #expect(refused.status != 0 && refused.output.contains("is not from an Ozen install"), "\(refused.output)")
        #expect(try String(contentsOf: theirs, encoding: .utf8) == "#!/bin/sh\n")
    }
}

import Foundation

/// A D-Bus session bus of the tests' own (Debian's dbus-daemon, on a socket in a temporary
/// folder) and a small notification server on it (Debian's python3-dbus) that writes every
/// call it receives to a file, so a test sees what really travelled over D-Bus.
///
/// One bus serves the whole test process: GLib keeps the first session bus it connects to
/// for the life of the process. It is started on first use with `DBUS_SESSION_BUS_ADDRESS`
/// set for this process, is ended when the process exits, and lives at most 10 minutes
/// (`timeout`) should the process die without cleaning up.
final class PrivateSessionBus: @unchecked Sendable {
    static let shared: PrivateSessionBus = {
        do { return try PrivateSessionBus() } catch { fatalError("could not start a private D-Bus session bus: \(error)") }
    }()

    let folder: URL
    let address: String
    private let daemon: Process

    private init() throws {
        folder = FileManager.default.temporaryDirectory.appendingPathComponent("ozen-dbus-\(UUID().uuidString.prefix(8))")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let socket = folder.appendingPathComponent("bus").path
        let config = folder.appendingPathComponent("bus.conf")
        try Self.config(socket: socket).write(to: config, atomically: true, encoding: .utf8)
        daemon = Process()
        daemon.executableURL = URL(fileURLWithPath: "/usr/bin/timeout")
        daemon.arguments = ["-s", "KILL", "600", "/usr/bin/dbus-daemon", "--config-file=\(config.path)", "--nofork",
                            "--print-address=1", "--print-pid=1"]
        let out = Pipe()
        daemon.standardOutput = out
        daemon.standardError = FileHandle.nullDevice
        try daemon.run()
        // The daemon prints its address, then its process id, once it listens.
        var printed = ""
        while printed.split(separator: "\n").count < 2 {
            let data = out.fileHandleForReading.availableData
            if data.isEmpty { break }
            printed += String(decoding: data, as: UTF8.self)
        }
        let lines = printed.split(separator: "\n").map(String.init)
        guard lines.count >= 2, let pid = Int32(lines[1]) else { throw Timeout(what: "dbus-daemon to start (it printed '\(printed)')") }
        address = lines[0]
        setenv("DBUS_SESSION_BUS_ADDRESS", address, 1)
        startedDaemon = pid
        atexit { if startedDaemon > 0 { kill(startedDaemon, SIGKILL) } }
    }

    /// A running notification server; `stop()` ends it (tests call it in `defer`).
    final class NotificationServer {
        let process: Process
        let record: URL

        init(bus: PrivateSessionBus) throws {
            record = bus.folder.appendingPathComponent("received-\(UUID().uuidString.prefix(8)).jsonl")
            let script = bus.folder.appendingPathComponent("notification_server.py")
            try PrivateSessionBus.serverScript.write(to: script, atomically: true, encoding: .utf8)
            process = Process()
            process.executableURL = URL(fileURLWithPath: "/usr/bin/python3")
            process.arguments = [script.path, record.path, "120"]   // it quits by itself after 120 s
            process.environment = ["DBUS_SESSION_BUS_ADDRESS": bus.address, "PATH": "/usr/bin:/bin"]
            process.standardOutput = FileHandle.nullDevice
            try process.run()
            try PrivateSessionBus.waitFor("the notification server") { [record] in
                Self.read(record).contains { $0["method"] as? String == "ready" }
            }
        }

        /// Every call received so far, in order ("ready" left out).
        var calls: [[String: Any]] { Self.read(record).filter { $0["method"] as? String != "ready" } }

        /// Waits (at most 10 s) until `count` calls have arrived, and returns them.
        func waitForCalls(_ count: Int) -> [[String: Any]] {
            try? PrivateSessionBus.waitFor("\(count) calls") { self.calls.count >= count }
            return calls
        }

        func stop() {
            if process.isRunning { kill(process.processIdentifier, SIGKILL) }
            process.waitUntilExit()
        }

        private static func read(_ url: URL) -> [[String: Any]] {
            guard let text = try? String(contentsOf: url, encoding: .utf8) else { return [] }
            return text.split(separator: "\n").compactMap {
                try? JSONSerialization.jsonObject(with: Data($0.utf8)) as? [String: Any]
            }
        }
    }

    struct Timeout: Error, CustomStringConvertible {
        var what: String
        var description: String { "gave up waiting for \(what) after 10 s" }
    }

    /// Polls every 20 ms, at most 10 s.
    static func waitFor(_ what: String, _ done: () -> Bool) throws {
        for _ in 0..<500 {
            if done() { return }
            usleep(20_000)
        }
        throw Timeout(what: what)
    }

    private static func config(socket: String) -> String {
        """
        <!DOCTYPE busconfig PUBLIC "-//freedesktop//DTD D-Bus Bus Configuration 1.0//EN"
         "http://www.freedesktop.org/standards/dbus/1.0/busconfig.dtd">
        <busconfig>
          <type>session</type>
          <listen>unix:path=\(socket)</listen>
          <auth>EXTERNAL</auth>
          <policy context="default">
            <allow send_destination="*" eavesdrop="true"/>
            <allow eavesdrop="true"/>
            <allow own="*"/>
          </policy>
        </busconfig>
        """
    }

    /// The freedesktop notification service, as small as the spec allows, recording each call.
    static let serverScript = """
        import json, sys
        import dbus, dbus.service
        from dbus.mainloop.glib import DBusGMainLoop
        from gi.repository import GLib

        record_path, lifetime = sys.argv[1], int(sys.argv[2])
        DBusGMainLoop(set_as_default=True)
        bus = dbus.SessionBus()

        def record(entry):
            with open(record_path, "a") as f:
                f.write(json.dumps(entry) + "\\n")

        class Server(dbus.service.Object):
            last_id = 0

            @dbus.service.method("org.freedesktop.Notifications", in_signature="", out_signature="as")
            def GetCapabilities(self):
                return ["body"]

            @dbus.service.method("org.freedesktop.Notifications", in_signature="", out_signature="ssss")
            def GetServerInformation(self):
                return ("ozen-test", "ozen", "1", "1.2")

            @dbus.service.method("org.freedesktop.Notifications", in_signature="susssasa{sv}i", out_signature="u")
            def Notify(self, app, replaces, icon, summary, body, actions, hints, timeout):
                if replaces:
                    nid = int(replaces)
                else:
                    Server.last_id += 1
                    nid = Server.last_id
                record({"method": "Notify", "id": nid, "app": str(app), "replaces": int(replaces),
                        "summary": str(summary), "body": str(body), "urgency": int(hints.get("urgency", -1)),
                        "key": str(hints.get("x-ozen-key", ""))})
                return dbus.UInt32(nid)

            @dbus.service.method("org.freedesktop.Notifications", in_signature="u", out_signature="")
            def CloseNotification(self, nid):
                record({"method": "CloseNotification", "id": int(nid)})
                self.NotificationClosed(nid, dbus.UInt32(3))

            @dbus.service.signal("org.freedesktop.Notifications", signature="uu")
            def NotificationClosed(self, nid, reason):
                pass

        name = dbus.service.BusName("org.freedesktop.Notifications", bus, do_not_queue=True)
        Server(bus, "/org/freedesktop/Notifications")
        loop = GLib.MainLoop()
        GLib.timeout_add_seconds(lifetime, loop.quit)
        record({"method": "ready"})
        loop.run()
        """
}

/// The bus daemon's process id, for the exit handler (a C function pointer captures nothing).
nonisolated(unsafe) private var startedDaemon: Int32 = 0

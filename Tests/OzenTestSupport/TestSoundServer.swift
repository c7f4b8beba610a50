import Foundation

/// A real PulseAudio server for tests of what the computer plays: Debian's `pulseaudio`,
/// started in the foreground in a folder of the test's own, with no configuration of the
/// machine's (`-n`), a native socket in that folder, and null outputs (sinks) that play into
/// nothing, each with the monitor that hears it. The first output is the default. `paplay`
/// plays a recording into one of them at its real pace, as a call or a video would.
///
/// Or, as Debian 12's desktops run it, PipeWire with its pulse server (`pipewire`,
/// `wireplumber` to link what plays to where it plays, `pipewire-pulse`), on a D-Bus session
/// bus of the server's own, the null outputs loaded through `pactl`.
///
/// The server is ended by its process id when the test lets go of it (PipeWire's four
/// processes each by its own).
public final class TestSoundServer: @unchecked Sendable {
    public enum Kind: Sendable {
        case pulseAudio, pipeWire

        /// What the errors call it, and the Debian package that brings it.
        var name: String { self == .pipeWire ? "PipeWire" : "pulseaudio" }
        var package: String { self == .pipeWire ? "pipewire-pulse" : "pulseaudio" }
    }

    public let folder: URL
    public let kind: Kind
    /// The socket's address, for `PULSE_SERVER` or libpulse's server argument.
    public var address: String {
        "unix:" + folder.appendingPathComponent(kind == .pipeWire ? "pulse/native" : "native").path
    }
    public let outputs: [String]
    private var serverIDs: [pid_t] = []

    /// `outputs`: each null output's name, which is also the description the desktop shows.
    public init(outputs: [String] = ["call"], kind: Kind = .pulseAudio) throws {
        folder = FileManager.default.temporaryDirectory.appendingPathComponent("ozen-pulse-\(UUID())")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        // PipeWire wants its runtime folder to be its user's alone.
        try FileManager.default.setAttributes([.posixPermissions: 0o700], ofItemAtPath: folder.path)
        self.outputs = outputs
        self.kind = kind
        try start()
    }

    deinit {
        stop()
        try? FileManager.default.removeItem(at: folder)
    }

    /// Starts the server and waits (at most 10 s) until its socket answers.
    ///
    /// Spawned directly, not through Foundation's `Process`: with the server started that way,
    /// the next short-lived `Process` this test process waited for was never seen to exit
    /// (seen here: `pactl` a zombie, `waitUntilExit` waiting for ever).
    public func start() throws {
        var environment = ProcessInfo.processInfo.environment
        // Its own home and runtime folder: nothing of the machine's or another test's server.
        environment["HOME"] = folder.path
        environment["XDG_RUNTIME_DIR"] = folder.path
        environment["XDG_CONFIG_HOME"] = folder.path
        environment.removeValue(forKey: "PULSE_SERVER")
        let missing = "\(kind.name) could not be started (is Debian's \(kind.package) installed? make setup installs it)"
        switch kind {
        case .pulseAudio:
            var arguments = ["/usr/bin/pulseaudio", "--daemonize=no", "-n", "--exit-idle-time=-1", "--use-pid-file=no", "--disable-shm=yes",
                             "--log-target=stderr", "--log-level=error"]
            for output in outputs {
                arguments += ["-L", "module-null-sink sink_name=\(output) sink_properties=device.description=\(output)"]
            }
            arguments += ["-L", "module-native-protocol-unix auth-anonymous=1 socket=\(folder.appendingPathComponent("native").path)"]
            guard let pid = Self.spawn(arguments, environment: environment) else { throw TestSoundServerError(message: missing) }
            serverIDs = [pid]
        case .pipeWire:
            let bus = "unix:path=" + folder.appendingPathComponent("bus").path
            guard let daemon = Self.spawn(["/usr/bin/dbus-daemon", "--session", "--nofork", "--address=\(bus)"], environment: environment) else {
                throw TestSoundServerError(message: missing)
            }
            serverIDs = [daemon]
            environment["DBUS_SESSION_BUS_ADDRESS"] = bus
            for program in ["/usr/bin/pipewire", "/usr/bin/wireplumber", "/usr/bin/pipewire-pulse"] {
                guard let pid = Self.spawn([program], environment: environment) else { stop(); throw TestSoundServerError(message: missing) }
                serverIDs.append(pid)
            }
        }
        let deadline = Date().addingTimeInterval(10)
        while Date() < deadline {
            if run("/usr/bin/pactl", ["--server=\(address)", "info"]) == 0 {
                guard kind == .pipeWire else { return }
                for output in outputs {
                    guard run("/usr/bin/pactl", ["--server=\(address)", "load-module", "module-null-sink", "sink_name=\(output)",
                                                 "sink_properties=device.description=\(output)"]) == 0 else { break }
                }
                if let first = outputs.first, run("/usr/bin/pactl", ["--server=\(address)", "set-default-sink", first]) == 0 { return }
                break
            }
            var status: Int32 = 0
            guard serverIDs.allSatisfy({ waitpid($0, &status, WNOHANG) == 0 }) else { break }
            Thread.sleep(forTimeInterval: 0.1)
        }
        stop()
        throw TestSoundServerError(message: "\(kind.name) did not start (is Debian's \(kind.package) installed? make setup installs it)")
    }

    /// `arguments[0]` started with `environment`, its output thrown away; nil when it cannot be.
    private static func spawn(_ arguments: [String], environment: [String: String]) -> pid_t? {
        let argv = arguments.map { strdup($0) } + [nil]
        let envp = environment.map { strdup("\($0.key)=\($0.value)") } + [nil]
        defer { (argv + envp).forEach { free($0) } }
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
        posix_spawn_file_actions_addopen(&actions, 1, "/dev/null", O_WRONLY, 0)
        posix_spawn_file_actions_addopen(&actions, 2, "/dev/null", O_WRONLY, 0)
        var pid: pid_t = 0
        guard posix_spawn(&pid, arguments[0], &actions, nil, argv, envp) == 0 else { return nil }
        return pid
    }

    /// Ends the server, as a crash or a restart of the desktop's sound would.
    public func stop() {
        for pid in serverIDs.reversed() {
            kill(pid, SIGKILL)
            var status: Int32 = 0
            waitpid(pid, &status, 0)
        }
        serverIDs = []
        try? FileManager.default.removeItem(at: folder.appendingPathComponent("native"))
        try? FileManager.default.removeItem(at: folder.appendingPathComponent("pulse"))
        try? FileManager.default.removeItem(at: folder.appendingPathComponent("bus"))
    }

    /// A microphone in a room whose sound is what `output` plays: an ALSA device `name` (ALSA's
    /// pulse plugin recording `output`'s monitor through this server), in an ALSA configuration
    /// of the server's own. Returns the value for ALSA_CONFIG_PATH; the process that opens it
    /// needs PULSE_SERVER set to `address`. Playing a call into both `output` and the call's own
    /// output is the laptop's speakers leaking the call into its microphone.
    public func microphone(named name: String, hearing output: String) throws -> String {
        let config = folder.appendingPathComponent("asound-\(name).conf")
        try "pcm.\(name) { type pulse; device \"\(output).monitor\" }\n".write(to: config, atomically: true, encoding: .utf8)
        return "/usr/share/alsa/alsa.conf:" + config.path
    }

    /// Plays `path` into `output` at its real pace with `paplay`, in the background; the
    /// returned process ends when it has played.
    @discardableResult
    public func play(_ path: String, on output: String? = nil) throws -> Process {
        let player = Process()
        player.executableURL = URL(fileURLWithPath: "/usr/bin/paplay")
        player.arguments = ["--server=\(address)", "--device=\(output ?? outputs[0])", path]
        player.standardOutput = FileHandle.nullDevice
        player.standardError = FileHandle.nullDevice
        try player.run()
        return player
    }

    private func run(_ program: String, _ arguments: [String]) -> Int32 {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: program)
        process.arguments = arguments
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        guard (try? process.run()) != nil else { return -1 }
        process.waitUntilExit()
        return process.terminationStatus
    }
}

public struct TestSoundServerError: Error, CustomStringConvertible {
    public var message: String
    public var description: String { message }
}

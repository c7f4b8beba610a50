import Foundation

/// `systemctl --user`, run and read: whether her user systemd answers here, and the answer of
/// one command. A machine without systemd, or a shell outside her desktop session (no user
/// bus), is "not reachable", with systemctl's own words to show.
public enum UserSystemd {
    public struct Answer: Sendable {
        public var status: Int32
        public var output: String
        public var succeeded: Bool { status == 0 }
    }

    /// systemctl's answer to `--user ARGUMENTS`; nil when systemctl is not installed.
    public static func run(_ arguments: [String]) -> Answer? {
        guard let systemctl = ThisProgram.onPath("systemctl") else { return nil }
        let process = Process()
        process.executableURL = URL(fileURLWithPath: systemctl)
        process.arguments = ["--user", "--no-pager"] + arguments
        let output = Pipe()
        process.standardOutput = output
        process.standardError = output
        process.standardInput = FileHandle.nullDevice
        do { try process.run() } catch { return nil }
        let data = output.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return Answer(status: process.terminationStatus,
                      output: String(decoding: data, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines))
    }

    /// nil when her user systemd answers; else why not, in systemctl's words.
    public static func unreachable() -> String? {
        guard let answer = run(["show", "--property=Version"]) else { return "systemctl is not installed" }
        if answer.succeeded { return nil }
        return answer.output.split(separator: "\n").first.map(String.init) ?? "systemctl --user failed"
    }

    /// Whether her user systemd runs at boot without her logging in (`loginctl enable-linger`).
    public static func lingers(user: String) -> Bool {
        FileManager.default.fileExists(atPath: "/var/lib/systemd/linger/" + user)
    }
}

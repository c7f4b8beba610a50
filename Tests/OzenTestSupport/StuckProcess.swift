import Foundation

/// Ends a child process that runs past its deadline, after taking down where each of its
/// threads was (gdb, when installed): a test waiting on a child that never ends fails with
/// what the child was doing, instead of holding its whole test run until CI's limit.
public final class StuckProcessWatch: @unchecked Sendable {
    private let lock = NSLock()
    private var done = false
    private var stacks: String?

    /// Starts watching `process` (already running); at `seconds` it is ended.
    public init(_ process: Process, seconds: TimeInterval) {
        let pid = process.processIdentifier
        DispatchQueue.global().asyncAfter(deadline: .now() + seconds) { [self] in
            guard lock.withLock({ !done }), process.isRunning else { return }
            let taken = Self.threads(of: pid)
            lock.withLock { stacks = taken }
            kill(pid, SIGKILL)
        }
    }

    /// Call once the process ended: nil when it ended by itself, or where its threads were when
    /// it was ended for running too long.
    public func finish() -> String? {
        lock.withLock {
            done = true
            return stacks
        }
    }

    /// Every thread's stack of a running process, short, or why there are none.
    public static func threads(of pid: Int32) -> String {
        guard let gdb = ["/usr/bin/gdb", "/bin/gdb"].first(where: FileManager.default.isExecutableFile) else {
            return "(gdb is not installed: no stacks)"
        }
        let process = Process()
        process.executableURL = URL(fileURLWithPath: gdb)
        process.arguments = ["-p", "\(pid)", "-batch", "-nx", "-ex", "set pagination off", "-ex", "thread apply all bt 30"]
        let out = Pipe()
        process.standardOutput = out
        process.standardError = FileHandle.nullDevice
        guard (try? process.run()) != nil else { return "(gdb did not start)" }
        let text = String(decoding: out.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        return text.split(separator: "\n").filter { $0.hasPrefix("Thread") || $0.hasPrefix("#") }.prefix(300).joined(separator: "\n")
    }
}

/// A child that `StuckProcessWatch` ended: what it was, how long it had, where its threads were.
public struct StuckProcess: Error, CustomStringConvertible {
    public var command: [String]
    public var seconds: TimeInterval
    public var said: String
    public var threads: String
    public init(command: [String], seconds: TimeInterval, said: String, threads: String) {
        self.command = command
        self.seconds = seconds
        self.said = said
        self.threads = threads
    }
    public var description: String {
        "\(command.joined(separator: " ")) did not end within \(Int(seconds)) s and was ended. It said on stderr:\n"
            + "\(said.suffix(3_000))\nIts threads:\n\(threads)"
    }
}

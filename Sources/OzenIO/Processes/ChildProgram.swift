import Foundation
import Synchronization

/// A program this one starts and keeps for as long as it runs (the caption window beside
/// `ozen serve`): its stdin and stdout on /dev/null, its stderr on ours so what it says reaches
/// her terminal, and ended when we end it.
///
/// Started with posix_spawn rather than Foundation's `Process`: a long-lived child started
/// through `Process` was seen to keep the next short-lived `Process` from ever being seen to
/// exit (the computer-sound tests' server, 2026-12-07).
public final class ChildProgram: Sendable {
    /// The running child's process id; nil once it has ended and been waited for.
    private let id: Mutex<pid_t?>

    /// Starts `path` with `arguments`, in this process's environment.
    public init(path: String, arguments: [String]) throws(ChildProgramError) {
        let argv = ([path] + arguments).map { strdup($0) } + [nil]
        defer { argv.forEach { free($0) } }
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
        posix_spawn_file_actions_addopen(&actions, 1, "/dev/null", O_WRONLY, 0)
        // The child starts with no signal blocked and SIGTERM and SIGINT at their defaults,
        // whatever this process does with them (ozen serve waits for them with sigwait).
        var attributes = posix_spawnattr_t()
        posix_spawnattr_init(&attributes)
        defer { posix_spawnattr_destroy(&attributes) }
        var none = sigset_t(), stops = sigset_t()
        sigemptyset(&none)
        sigemptyset(&stops)
        sigaddset(&stops, SIGTERM)
        sigaddset(&stops, SIGINT)
        posix_spawnattr_setsigmask(&attributes, &none)
        posix_spawnattr_setsigdefault(&attributes, &stops)
        posix_spawnattr_setflags(&attributes, Int16(POSIX_SPAWN_SETSIGMASK | POSIX_SPAWN_SETSIGDEF))
        var pid: pid_t = 0
        let result = posix_spawn(&pid, path, &actions, &attributes, argv, environ)
        guard result == 0 else { throw ChildProgramError(path: path, reason: String(cString: strerror(result))) }
        id = Mutex(pid)
    }

    /// Asks it to end (SIGTERM), waits up to `seconds`, then ends it (SIGKILL).
    public func end(waitingUpTo seconds: Double = 2) {
        id.withLock { id in
            guard let pid = id else { return }
            id = nil
            kill(pid, SIGTERM)
            var status: Int32 = 0
            let deadline = Date().addingTimeInterval(seconds)
            while waitpid(pid, &status, WNOHANG) == 0 {
                guard Date() < deadline else {
                    kill(pid, SIGKILL)
                    waitpid(pid, &status, 0)
                    return
                }
                Thread.sleep(forTimeInterval: 0.02)
            }
        }
    }
}

/// A program that could not be started: which, and why, in the system's words.
public struct ChildProgramError: Error, CustomStringConvertible {
    public let path: String
    public let reason: String
    public var description: String { "cannot run \(path): \(reason)" }
}

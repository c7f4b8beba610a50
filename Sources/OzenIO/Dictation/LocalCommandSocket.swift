import Foundation
import Glibc
import OzenKit
import Synchronization

/// A Unix socket that only this user can reach, for one-line commands between `ozen dictate
/// toggle` and the dictation service: the client writes one line, the server answers one line
/// and closes the connection.
///
/// The socket lives in the user's runtime folder (`$XDG_RUNTIME_DIR`, which systemd makes 0700
/// for the user alone), or in a 0700 folder of her own under /tmp when there is none; the socket
/// file itself is made 0600. A stale socket left by a service that died is replaced.
public enum LocalCommandSocket {
    public struct Failure: Error, CustomStringConvertible {
        public var description: String
    }

    /// `$XDG_RUNTIME_DIR/ozen-dictation.sock`, or `/tmp/ozen-UID/dictation.sock`.
    public static func dictationPath(environment: [String: String] = ProcessInfo.processInfo.environment) throws(Failure) -> String {
        if let runtime = environment["XDG_RUNTIME_DIR"], !runtime.isEmpty, FileManager.default.fileExists(atPath: runtime) {
            return runtime + "/ozen-dictation.sock"
        }
        let folder = "/tmp/ozen-\(getuid())"
        if mkdir(folder, 0o700) != 0 && errno != EEXIST { throw Failure(description: "cannot make \(folder): \(String(cString: strerror(errno)))") }
        var info = stat()
        guard lstat(folder, &info) == 0, info.st_uid == getuid(), (info.st_mode & S_IFMT) == S_IFDIR else {
            throw Failure(description: tr("\(folder) שייך למשתמש אחר — הגדירו XDG_RUNTIME_DIR",
                                          "\(folder) belongs to another user — set XDG_RUNTIME_DIR"))
        }
        chmod(folder, 0o700)
        return folder + "/dictation.sock"
    }

    /// Sends one command line and returns the answer line, or nil when no service listens there
    /// (no socket, or nobody accepting on it). A service that is there but does not answer in
    /// time is a failure, never "no service".
    public static func send(_ command: String, to path: String, timeout: Double) throws(Failure) -> String? {
        let fd = socket(AF_UNIX, Int32(SOCK_STREAM.rawValue), 0)
        guard fd >= 0 else { throw Failure(description: "socket: \(String(cString: strerror(errno)))") }
        defer { close(fd) }
        var address = try Self.address(path)
        let connected = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { connect(fd, $0, socklen_t(MemoryLayout<sockaddr_un>.size)) }
        }
        guard connected == 0 else { return nil }
        setTimeout(fd, seconds: timeout)
        guard writeAll(fd, command + "\n") else { throw Failure(description: "the dictation service closed the connection") }
        guard let answer = readLine(fd) else {
            throw Failure(description: tr("שירות ההכתבה לא ענה בתוך \(Int(timeout)) שניות", "the dictation service did not answer within \(Int(timeout)) s"))
        }
        return answer
    }

    /// Listens at `path` and answers each connection's command with `answer` (run on a thread
    /// of the accept loop, one connection at a time: commands are short and must be ordered).
    public final class Server: Sendable {
        public let path: String
        private let fd: Int32
        private let stopped = Mutex(false)

        public init(path: String) throws(Failure) {
            // Another service that answers, or is there but busy, keeps its socket.
            let there: Bool
            do { there = try LocalCommandSocket.send("ping", to: path, timeout: 5) != nil } catch { there = true }
            if there {
                throw Failure(description: tr("שירות הכתבה כבר פועל (\(path))", "a dictation service is already running (\(path))"))
            }
            unlink(path)  // a stale socket from a service that died
            let fd = socket(AF_UNIX, Int32(SOCK_STREAM.rawValue), 0)
            guard fd >= 0 else { throw Failure(description: "socket: \(String(cString: strerror(errno)))") }
            var address = try LocalCommandSocket.address(path)
            // Made 0600 from the start: the umask covers the moment between bind and chmod.
            let old = umask(0o177)
            let bound = withUnsafePointer(to: &address) {
                $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(fd, $0, socklen_t(MemoryLayout<sockaddr_un>.size)) }
            }
            umask(old)
            guard bound == 0, listen(fd, 8) == 0 else {
                let reason = String(cString: strerror(errno))
                close(fd)
                throw Failure(description: "cannot listen at \(path): \(reason)")
            }
            chmod(path, 0o600)
            self.fd = fd
            self.path = path
        }

        /// Answers commands until `stop()`; returns then.
        public func serve(_ answer: (String) -> String) {
            while !isStopped {
                let client = accept(fd, nil, nil)
                if client < 0 { if errno == EINTR { continue } else { break } }
                setTimeout(client, seconds: 5)
                if let command = readLine(client) { _ = writeAll(client, answer(command) + "\n") }
                close(client)
            }
        }

        private var isStopped: Bool { stopped.withLock { $0 } }

        public func stop() {
            stopped.withLock { $0 = true }
            shutdown(fd, Int32(SHUT_RDWR))
            close(fd)
            unlink(path)
        }
    }

    static func address(_ path: String) throws(Failure) -> sockaddr_un {
        var address = sockaddr_un()
        address.sun_family = sa_family_t(AF_UNIX)
        let bytes = Array(path.utf8)
        let capacity = MemoryLayout.size(ofValue: address.sun_path)
        guard bytes.count < capacity else { throw Failure(description: "the socket path \(path) is too long") }
        withUnsafeMutableBytes(of: &address.sun_path) { raw in
            for (i, b) in bytes.enumerated() { raw[i] = b }
            raw[bytes.count] = 0
        }
        return address
    }

    static func setTimeout(_ fd: Int32, seconds: Double) {
        var time = timeval(tv_sec: Int(seconds), tv_usec: Int((seconds - Double(Int(seconds))) * 1_000_000))
        setsockopt(fd, SOL_SOCKET, SO_RCVTIMEO, &time, socklen_t(MemoryLayout<timeval>.size))
        setsockopt(fd, SOL_SOCKET, SO_SNDTIMEO, &time, socklen_t(MemoryLayout<timeval>.size))
    }

    static func writeAll(_ fd: Int32, _ text: String) -> Bool {
        let bytes = Array(text.utf8)
        var offset = 0
        while offset < bytes.count {
            let n = bytes[offset...].withUnsafeBytes { write(fd, $0.baseAddress, $0.count) }
            if n <= 0 { return false }
            offset += n
        }
        return true
    }

    /// One line (without its newline), up to 1 MiB; nil on a timeout or a closed connection.
    static func readLine(_ fd: Int32) -> String? {
        var data = [UInt8]()
        var byte: UInt8 = 0
        while data.count < 1 << 20 {
            let n = read(fd, &byte, 1)
            if n <= 0 { return data.isEmpty ? nil : String(decoding: data, as: UTF8.self) }
            if byte == UInt8(ascii: "\n") { return String(decoding: data, as: UTF8.self) }
            data.append(byte)
        }
        return String(decoding: data, as: UTF8.self)
    }
}

import Foundation

/// A note beside a model that its file was hashed and matched, with the file's size, change
/// time and inode then. While all three are unchanged the file is the one that was hashed, and
/// loading skips the sha256. It came when the hashing was Ozen's own Swift and a debug build
/// took about 8 s over CAM++'s 29 MB on every start; OpenSSL takes tens of milliseconds, and
/// the stamp still spares reading each small model whole at every `ozen caption` and command test.
/// Any write to the file changes its change time, so a damaged file is hashed again and refused.
enum VerifiedStamp {
    static func path(for file: String) -> String {
        (file as NSString).deletingLastPathComponent + "/.verified-" + (file as NSString).lastPathComponent
    }

    /// Size, change time (ns) and inode of `file`, as one line; nil if it cannot be read.
    static func identity(of file: String) -> String? {
        var info = stat()
        guard stat(file, &info) == 0 else { return nil }
        return "\(info.st_size) \(info.st_ctim.tv_sec).\(info.st_ctim.tv_nsec) \(info.st_ino)"
    }

    /// Whether `file` is unchanged since it was hashed to `sha256`.
    static func matches(_ file: String, sha256: String) -> Bool {
        guard let now = identity(of: file),
              let stamp = try? String(contentsOfFile: path(for: file), encoding: .utf8) else { return false }
        return stamp == now + " " + sha256 + "\n"
    }

    /// Notes that `file` hashed to `sha256`; a folder she cannot write to just means hashing again.
    static func record(_ file: String, sha256: String) {
        guard let now = identity(of: file) else { return }
        try? (now + " " + sha256 + "\n").write(toFile: path(for: file), atomically: true, encoding: .utf8)
    }
}

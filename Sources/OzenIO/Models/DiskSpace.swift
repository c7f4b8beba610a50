import Foundation

/// Free bytes on the filesystem that holds a folder.
public enum DiskSpace {
    @Sendable public static func free(_ folder: String) -> Int64? {
        var path = folder
        while !FileManager.default.fileExists(atPath: path), path != "/" { path = (path as NSString).deletingLastPathComponent }
        var info = statvfs()
        guard statvfs(path, &info) == 0 else { return nil }
        return Int64(info.f_bavail) * Int64(info.f_frsize)
    }
}

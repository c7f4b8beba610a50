import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// A small file in her Ozen home that only she may read (0600), replaced in one step.
///
/// What she says through Ozen is as private as what she hears: the phrase list and the last
/// sentence said are written to a temporary file with rights 0600 and renamed over the old one,
/// so a crash leaves the old file or the new one, never half of either (as `KnownPeople` does).
public enum PrivateFile {
    public static func write(_ data: Data, to path: String) throws(SpeechStoreError) {
        let folder = (path as NSString).deletingLastPathComponent
        do {
            try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        } catch {
            throw .notWritable(path: path)
        }
        let temporary = path + ".tmp"
        try? FileManager.default.removeItem(atPath: temporary)
        guard FileManager.default.createFile(atPath: temporary, contents: data, attributes: [.posixPermissions: 0o600]) else {
            throw .notWritable(path: path)
        }
        guard rename(temporary, path) == 0 else {
            try? FileManager.default.removeItem(atPath: temporary)
            throw .notWritable(path: path)
        }
    }
}

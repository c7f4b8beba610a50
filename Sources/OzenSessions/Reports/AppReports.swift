import Foundation
import OzenKit

/// The problem reports the Ozen phone app sends (`purpose: report` in the home protocol), kept
/// in `$OZEN_HOME/reports/`: the folder 0700, each report a file of its own, 0600, named by the
/// time it came (UTC), with the app's `client` line on top. The newest `kept` stay; older ones
/// are deleted when a new one is saved. A report's words are hers: they are saved here and
/// never logged; listings give names, sizes, times and the client line only.
public struct AppReports: Sendable {
    /// How many reports are kept.
    public static let kept = 50

    public let home: OzenHome

    public init(home: OzenHome) { self.home = home }

    public var folder: String { home.path + "/reports" }

    /// One saved report, as listings show it.
    public struct Listing: Sendable, Equatable {
        public var name: String
        public var bytes: Int
        public var saved: Date
        /// The first line's client, or nil when the app gave none.
        public var client: String?
    }

    /// Saves `text` under a new name (returned), with `client` (or "not given") on its first
    /// line, then deletes all but the newest `kept`. Nothing is half-written: the file appears
    /// whole under its name, or not at all.
    public func save(_ text: String, client: String?, at date: Date = Date()) throws -> String {
        try makeFolder()
        let contents = Data(("client: " + (client ?? "not given") + "\n\n" + text + (text.hasSuffix("\n") ? "" : "\n")).utf8)
        let stem = "report-" + Self.stamp(date)
        let part = folder + "/." + stem + ".part"
        unlink(part)
        let fd = open(part, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o600)
        guard fd >= 0 else { throw AppReportNotSaved(path: part, reason: String(cString: strerror(errno))) }
        fchmod(fd, 0o600)
        let written = contents.withUnsafeBytes { write(fd, $0.baseAddress, $0.count) }
        let synced = fsync(fd) == 0
        close(fd)
        defer { unlink(part) }
        guard written == contents.count, synced else { throw AppReportNotSaved(path: part, reason: "short write") }
        // link() never replaces a file: two reports in one millisecond get "-2", "-3" …
        for attempt in 1...100 {
            let name = stem + (attempt == 1 ? "" : "-\(attempt)") + ".txt"
            if link(part, folder + "/" + name) == 0 {
                prune()
                return name
            }
            guard errno == EEXIST else { break }
        }
        throw AppReportNotSaved(path: folder + "/" + stem + ".txt", reason: String(cString: strerror(errno)))
    }

    /// The reports kept, newest first.
    public func list() -> [Listing] {
        names().reversed().compactMap { name in
            let path = folder + "/" + name
            guard let attributes = try? FileManager.default.attributesOfItem(atPath: path) else { return nil }
            return Listing(name: name, bytes: (attributes[.size] as? NSNumber)?.intValue ?? 0,
                           saved: attributes[.modificationDate] as? Date ?? .distantPast, client: Self.client(at: path))
        }
    }

    /// The listing as JSON (for `ozen diagnostics --json` and `/api/reports`).
    public static func json(_ listing: Listing) -> [String: Any] {
        var object: [String: Any] = ["name": listing.name, "bytes": listing.bytes,
                                     "saved": ISO8601DateFormatter().string(from: listing.saved)]
        if let client = listing.client { object["client"] = client }
        return object
    }

    /// The report files' names, oldest first (their names sort by time; "-2" comes after its stem).
    func names() -> [String] {
        let all = (try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? []
        return all.filter { $0.hasPrefix("report-") && $0.hasSuffix(".txt") }
            .sorted { Self.order($0) < Self.order($1) }
    }

    private static func order(_ name: String) -> String {
        let stem = name.dropLast(4)
        return stem.count == "report-yyyyMMdd-HHmmss-SSS".count ? stem + "-1" : String(stem)
    }

    /// Deletes all but the newest `kept`.
    private func prune() {
        for name in names().dropLast(Self.kept) { unlink(folder + "/" + name) }
    }

    private func makeFolder() throws {
        try FileManager.default.createDirectory(atPath: home.path, withIntermediateDirectories: true)
        if mkdir(folder, 0o700) != 0 && errno != EEXIST {
            throw AppReportNotSaved(path: folder, reason: String(cString: strerror(errno)))
        }
        chmod(folder, 0o700)
    }

    /// "20261205-153712-123": UTC, to the millisecond.
    static func stamp(_ date: Date) -> String {
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: "en_US_POSIX")
        formatter.timeZone = TimeZone(identifier: "UTC")
        formatter.dateFormat = "yyyyMMdd-HHmmss-SSS"
        return formatter.string(from: date)
    }

    /// The client named on a report's first line.
    static func client(at path: String) -> String? {
        guard let handle = FileHandle(forReadingAtPath: path) else { return nil }
        defer { try? handle.close() }
        let head = String(decoding: handle.readData(ofLength: 512), as: UTF8.self)
        guard let first = head.split(separator: "\n", maxSplits: 1, omittingEmptySubsequences: false).first,
              first.hasPrefix("client: ") else { return nil }
        let client = String(first.dropFirst("client: ".count))
        return client == "not given" ? nil : client
    }
}

/// A report could not be written; the app is told, and can send it again.
public struct AppReportNotSaved: Error, CustomStringConvertible {
    public var path: String
    public var reason: String
    public var description: String {
        tr("לא ניתן לשמור את הדוח ב־\(path): \(reason)", "could not save the report to \(path): \(reason)")
    }
}

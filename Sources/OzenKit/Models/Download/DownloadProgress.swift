import Foundation

/// A download's progress as she sees it: percent, speed over the last few seconds, and the time
/// left at that pace. Bytes that were already on disk when it resumed do not count as speed.
public struct DownloadProgress: Sendable {
    public private(set) var done: Int64
    public var total: Int64?
    private var samples: [(time: Double, done: Int64)] = []
    /// Speed is measured over this many seconds of samples.
    public static let window = 5.0

    public init(done: Int64 = 0, total: Int64? = nil) { self.done = done; self.total = total }

    public mutating func restart(at done: Int64, time: Double) {
        self.done = done
        samples = [(time, done)]
    }

    public mutating func advance(to done: Int64, time: Double) {
        self.done = done
        samples.append((time, done))
        while let first = samples.first, time - first.time > Self.window, samples.count > 2 { samples.removeFirst() }
    }

    public var percent: Double? { total.map { $0 > 0 ? min(100, Double(done) / Double($0) * 100) : 100 } }

    /// Bytes per second over the window; nil until a second of samples exists.
    public var bytesPerSecond: Double? {
        guard let first = samples.first, let last = samples.last, last.time - first.time >= 1 else { return nil }
        return Double(last.done - first.done) / (last.time - first.time)
    }

    public var secondsLeft: Double? {
        guard let total, let speed = bytesPerSecond, speed > 0 else { return nil }
        return Double(max(0, total - done)) / speed
    }


    /// "37 %  590 MB of 1.62 GB  12.3 MB/s  1 min 24 s left".
    public var line: String {
        var parts: [String] = []
        if let percent { parts.append(String(format: "%.0f %%", percent.rounded(.down))) }
        parts.append(total.map { tr("\(Self.bytes(done)) מתוך \(Self.bytes($0))", "\(Self.bytes(done)) of \(Self.bytes($0))") } ?? Self.bytes(done))
        if let speed = bytesPerSecond { parts.append(Self.bytes(Int64(speed)) + "/s") }
        if let left = secondsLeft { parts.append(tr("נותרו \(Self.duration(left))", "\(Self.duration(left)) left")) }
        return parts.joined(separator: "  ")
    }

    public static func bytes(_ n: Int64) -> String {
        let value = Double(n)
        if value >= 1e9 { return String(format: "%.2f GB", value / 1e9) }
        if value >= 1e6 { return String(format: "%.0f MB", value / 1e6) }
        if value >= 1e3 { return String(format: "%.0f kB", value / 1e3) }
        return "\(n) B"
    }

    public static func duration(_ seconds: Double) -> String {
        let s = Int(seconds.rounded())
        if s >= 3600 { return tr("\(s / 3600) שע׳ \(s % 3600 / 60) דק׳", "\(s / 3600) h \(s % 3600 / 60) min") }
        if s >= 60 { return tr("\(s / 60) דק׳ \(s % 60) שנ׳", "\(s / 60) min \(s % 60) s") }
        return tr("\(s) שנ׳", "\(s) s")
    }
}

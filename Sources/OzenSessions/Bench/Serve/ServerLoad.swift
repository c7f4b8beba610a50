import Foundation

/// The server process's costs, from /proc.
struct ServerLoad {
    var cpuSeconds = 0.0
    var peakMiB = 0.0
    var residentMiB = 0.0
    /// The resident part that is the process's own (heap, arenas, stacks), and the part read
    /// from files (code, mapped models): a leak grows the first, pages of the libraries' code
    /// touched for the first time the second.
    var anonymousMiB = 0.0
    var fileMiB = 0.0
    var descriptors = 0
    var threads = 0
    /// Its heap (`ServerHeapWatch.heapMiB`), nil when /proc does not show it.
    var heapMiB: Double?

    init(pid: Int32) {
        if let stat = try? String(contentsOfFile: "/proc/\(pid)/stat", encoding: .utf8),
           let close = stat.lastIndex(of: ")") {
            let fields = stat[stat.index(after: close)...].split(separator: " ")
            // utime and stime are fields 14 and 15 of stat; fields[0] here is field 3.
            if fields.count > 13, let user = Double(fields[11]), let system = Double(fields[12]) {
                cpuSeconds = (user + system) / Double(sysconf(Int32(_SC_CLK_TCK)))
            }
        }
        if let status = try? String(contentsOfFile: "/proc/\(pid)/status", encoding: .utf8) {
            var fields: [String: Double] = [:]  // "VmRSS:" → its number (kB for the sizes)
            for line in status.split(separator: "\n") {
                let parts = line.split(whereSeparator: { $0 == " " || $0 == "\t" })
                if parts.count > 1, let value = Double(parts[1]) { fields[String(parts[0])] = value }
            }
            peakMiB = (fields["VmHWM:"] ?? 0) / 1024
            residentMiB = (fields["VmRSS:"] ?? 0) / 1024
            anonymousMiB = (fields["RssAnon:"] ?? 0) / 1024
            fileMiB = (fields["RssFile:"] ?? 0) / 1024
            threads = Int(fields["Threads:"] ?? 0)
        }
        heapMiB = ServerHeapWatch.heapMiB(pid: pid)
        descriptors = (try? FileManager.default.contentsOfDirectory(atPath: "/proc/\(pid)/fd").count) ?? 0
    }
}

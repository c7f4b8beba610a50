import Foundation

/// The computer's batteries as the kernel reports them in sysfs
/// (`/sys/class/power_supply/*/{type,capacity,status}`). The root is injectable so tests can
/// lay out a battery of their own; UPower is not needed.
public struct PowerSupplies: Sendable {
    public static let systemRoot = "/sys/class/power_supply"

    public struct Battery: Sendable, Equatable {
        public var percent: Int
        public var discharging: Bool

        public init(percent: Int, discharging: Bool) {
            self.percent = percent
            self.discharging = discharging
        }
    }

    public var root: String

    public init(root: String = PowerSupplies.systemRoot) { self.root = root }

    /// All batteries together (their mean charge; discharging if any is), or nil on a computer
    /// without one.
    public func battery() -> Battery? {
        guard let names = try? FileManager.default.contentsOfDirectory(atPath: root) else { return nil }
        var levels: [Int] = [], discharging = false
        for name in names.sorted() {
            let dir = root + "/" + name
            guard read(dir + "/type") == "Battery", let level = read(dir + "/capacity").flatMap(Int.init) else { continue }
            if read(dir + "/present") == "0" { continue }
            levels.append(min(100, max(0, level)))
            if read(dir + "/status") == "Discharging" { discharging = true }
        }
        guard !levels.isEmpty else { return nil }
        return Battery(percent: levels.reduce(0, +) / levels.count, discharging: discharging)
    }

    private func read(_ path: String) -> String? {
        (try? String(contentsOfFile: path, encoding: .utf8))?.trimmingCharacters(in: .whitespacesAndNewlines)
    }
}

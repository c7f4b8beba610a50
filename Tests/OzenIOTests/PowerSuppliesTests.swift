import Foundation
import OzenIO
import Testing

/// A folder laid out like `/sys/class/power_supply` with one battery and a mains adapter.
struct BatteryFolder {
    let root: URL

    init(percent: Int, status: String) throws {
        root = FileManager.default.temporaryDirectory.appendingPathComponent("ozen-power-\(UUID().uuidString.prefix(8))")
        try write("BAT0", ["type": "Battery", "capacity": "\(percent)", "status": status, "present": "1"])
        try write("AC", ["type": "Mains", "online": status == "Discharging" ? "0" : "1"])
    }

    func write(_ supply: String, _ files: [String: String]) throws {
        let dir = root.appendingPathComponent(supply)
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        for (name, value) in files { try (value + "\n").write(to: dir.appendingPathComponent(name), atomically: true, encoding: .utf8) }
    }

    func remove() { try? FileManager.default.removeItem(at: root) }
}

@Suite struct PowerSuppliesTests {
    @Test func readsTheBatteryAsTheKernelReportsIt() throws {
        let folder = try BatteryFolder(percent: 42, status: "Discharging")
        defer { folder.remove() }
        #expect(PowerSupplies(root: folder.root.path).battery() == PowerSupplies.Battery(percent: 42, discharging: true))
        try folder.write("BAT1", ["type": "Battery", "capacity": "80", "status": "Charging"])
        #expect(PowerSupplies(root: folder.root.path).battery() == PowerSupplies.Battery(percent: 61, discharging: true))
    }

    @Test func aDesktopHasNoBattery() throws {
        let folder = try BatteryFolder(percent: 50, status: "Full")
        defer { folder.remove() }
        try FileManager.default.removeItem(at: folder.root.appendingPathComponent("BAT0"))
        #expect(PowerSupplies(root: folder.root.path).battery() == nil)
        #expect(PowerSupplies(root: folder.root.appendingPathComponent("missing").path).battery() == nil)
    }

    @Test func theWatchWarnsAtTwentyThenTenAndAgainAfterCharging() throws {
        let folder = try BatteryFolder(percent: 35, status: "Discharging")
        defer { folder.remove() }
        let watch = BatteryWatch(supplies: PowerSupplies(root: folder.root.path)) { _ in }
        var warnings: [String] = []
        for (percent, status) in [(35, "Discharging"), (20, "Discharging"), (19, "Discharging"), (12, "Discharging"),
                                  (10, "Discharging"), (9, "Discharging"), (30, "Charging"), (20, "Discharging")] {
            try folder.write("BAT0", ["type": "Battery", "capacity": "\(percent)", "status": status])
            if let notice = watch.check() { warnings.append(notice.title) }
        }
        #expect(warnings == ["Battery at 20%", "Battery at 10%", "Battery at 20%"])
    }
}

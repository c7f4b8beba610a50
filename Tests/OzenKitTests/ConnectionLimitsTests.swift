import OzenKit
import Testing

/// Who may hold a connection: a flood pushes out only the flood, and no one device takes
/// every place.
@Suite struct ConnectionLimitsTests {
    @Test func aNewConnectionPushesOutTheOneFromItsAddressThatWaitedLongest() {
        var limits = ConnectionLimits()
        for id in 1...16 { #expect(limits.opened(id, from: "10.0.0.9").isEmpty) }
        #expect(limits.opened(17, from: "10.0.0.9") == [1])
        #expect(limits.opened(18, from: "10.0.0.9") == [2])
        // Her phone, from another address, pushes out no one and gets in.
        #expect(limits.opened(100, from: "10.0.0.2").isEmpty)
        #expect(limits.greeted(100) == .admitted)
        // One pushed out cannot be greeted afterwards.
        if case .admitted = limits.greeted(1) { Issue.record("a connection pushed out was admitted") }
    }

    @Test func manyAddressesTogetherStillPushOutTheOldestWaiting() {
        var limits = ConnectionLimits()
        var evicted: [Int] = []
        for id in 1...100 { evicted += limits.opened(id, from: "10.0.\(id % 50).1") }
        #expect(limits.waitingCount == limits.settings.waiting)
        #expect(evicted == Array(1...36))
        // Her paired phone says hello at once and is let in, however many came before it.
        #expect(limits.opened(500, from: "10.0.0.2").count == 1)
        #expect(limits.greeted(500) == .admitted)
    }

    @Test func oneDeviceCannotTakeEveryPlace() {
        var settings = ConnectionLimits.Settings()
        settings.greetedPerAddress = 2
        settings.greeted = 3
        var limits = ConnectionLimits(settings: settings)
        for id in 1...3 { _ = limits.opened(id, from: "10.0.0.9") }
        #expect(limits.greeted(1) == .admitted)
        #expect(limits.greeted(2) == .admitted)
        guard case .refused(let why) = limits.greeted(3) else { Issue.record("a third from one device got in"); return }
        #expect(why.contains("2"))
        _ = limits.opened(4, from: "10.0.0.2")
        _ = limits.opened(5, from: "10.0.0.3")
        #expect(limits.greeted(4) == .admitted)
        if case .admitted = limits.greeted(5) { Issue.record("more than the server takes got in") }
        limits.closed(1)
        _ = limits.opened(6, from: "10.0.0.3")
        #expect(limits.greeted(6) == .admitted)
    }
}

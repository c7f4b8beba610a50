import OzenKit
import Testing

@Suite struct ListenAddressTests {
    @Test func thisComputerOnlyUnlessTheLanIsAskedFor() {
        let local = ListenAddress()
        #expect(local.host == "127.0.0.1" && local.port == 8765 && !local.needsPairing)
        let lan = ListenAddress(lan: true)
        #expect(lan.host == "0.0.0.0" && lan.needsPairing)
    }

    @Test func anyAddressOtherThanLoopbackNeedsPairing() {
        #expect(ListenAddress(host: "192.168.1.5").needsPairing)
        #expect(!ListenAddress(host: "localhost").needsPairing)
    }
}

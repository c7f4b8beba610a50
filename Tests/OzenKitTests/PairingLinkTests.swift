import OzenKit
import Testing

/// The phone app's pairing link: what it takes (ws:// only to a private or tailnet address,
/// wss:// anywhere, a code of at most 200 characters without spaces) and what it refuses.
struct PairingLinkTests {
    static let token = String(repeating: "0123456789abcdef", count: 4)

    @Test func aHomeNetworkAddressMakesTheAppsLink() throws {
        let link = try PairingLink(address: PairingAddress(parsing: "ws://192.168.1.20:8765"), code: Self.token)
        #expect(link.text == "ozen://pair?address=ws://192.168.1.20:8765&code=\(Self.token)")
        #expect(try PairingLink.parse(link.text) == link)
    }

    @Test(arguments: ["ws://10.0.0.7:8765", "ws://172.16.0.1:1", "ws://172.31.255.254:65535", "ws://192.168.0.1:80",
                      "ws://169.254.10.20:8765", "ws://100.64.0.1:8765", "ws://100.127.255.254:8765", "ws://100.101.102.103:8765/"])
    func wsIsTakenForPrivateLinkLocalAndTailnetAddresses(_ text: String) throws {
        let address = try PairingAddress(parsing: text)
        #expect(address.scheme == .ws)
        #expect(address.description == (text.hasSuffix("/") ? String(text.dropLast()) : text))
    }

    @Test(arguments: ["8.8.8.8", "172.15.0.1", "172.32.0.1", "100.63.255.255", "100.128.0.1", "192.169.0.1", "127.0.0.1"])
    func wsIsRefusedForAnAddressOutsideHerNetworks(_ host: String) {
        #expect(throws: PairingLinkError.notPrivate(host)) { try PairingAddress(parsing: "ws://\(host):8765") }
    }

    @Test func wsIsRefusedForANameSinceANameCouldLeadAnywhere() {
        #expect(throws: PairingLinkError.notPrivate("laptop.tail1234.ts.net")) {
            try PairingAddress(parsing: "ws://laptop.tail1234.ts.net:8765")
        }
    }

    @Test func wssIsTakenForAnyNameWithOrWithoutAPort() throws {
        let name = try PairingAddress(parsing: "wss://laptop.tail1234.ts.net")
        #expect(name.scheme == .wss && name.host == "laptop.tail1234.ts.net" && name.port == nil)
        #expect(name.description == "wss://laptop.tail1234.ts.net")
        let withPort = try PairingAddress(parsing: "wss://ozen.example.org:8443")
        #expect(withPort.port == 8443)
        #expect(try PairingAddress(parsing: "wss://203.0.113.9").host == "203.0.113.9")
    }

    @Test func badAddressesAreRefusedWithTheirReason() {
        #expect(throws: PairingLinkError.badScheme("http://192.168.1.20:8765")) { try PairingAddress(parsing: "http://192.168.1.20:8765") }
        #expect(throws: PairingLinkError.portMissing("192.168.1.20")) { try PairingAddress(parsing: "ws://192.168.1.20") }
        #expect(throws: PairingLinkError.badPort("99999")) { try PairingAddress(parsing: "ws://192.168.1.20:99999") }
        #expect(throws: PairingLinkError.badPort("port")) { try PairingAddress(parsing: "wss://a.example:port") }
        #expect(throws: PairingLinkError.noHost) { try PairingAddress(parsing: "wss://") }
        #expect(throws: PairingLinkError.badHost("bad_name.example")) { try PairingAddress(parsing: "wss://bad_name.example") }
        #expect(throws: PairingLinkError.notJustHostAndPort("wss://a.example/ws")) { try PairingAddress(parsing: "wss://a.example/ws") }
    }

    @Test func theCodeIsAtMost200CharactersWithoutSpaces() throws {
        let address = try PairingAddress(parsing: "ws://10.0.0.7:8765")
        #expect(try PairingLink(address: address, code: String(repeating: "a", count: 200)).code.count == 200)
        #expect(throws: PairingLinkError.codeTooLong(201)) { try PairingLink(address: address, code: String(repeating: "a", count: 201)) }
        #expect(throws: PairingLinkError.codeHasSpaces) { try PairingLink(address: address, code: "abc def") }
        #expect(throws: PairingLinkError.noCode) { try PairingLink(address: address, code: "") }
    }

    @Test func aCodeWithQuerySignsIsEscapedAndReadBack() throws {
        let link = try PairingLink(address: PairingAddress(parsing: "wss://a.example"), code: "a&b=c%d#é")
        #expect(link.text == "ozen://pair?address=wss://a.example&code=a%26b%3Dc%25d%23%C3%A9")
        #expect(try PairingLink.parse(link.text).code == "a&b=c%d#é")
    }

    @Test func aScannedLinkIsCheckedAsTheAppChecksIt() {
        #expect(throws: PairingLinkError.notAPairingLink) { try PairingLink.parse("https://example.org/?code=x") }
        #expect(throws: PairingLinkError.notPrivate("8.8.8.8")) {
            try PairingLink.parse("ozen://pair?address=ws://8.8.8.8:8765&code=\(Self.token)")
        }
        #expect(throws: PairingLinkError.noCode) { try PairingLink.parse("ozen://pair?address=ws://10.0.0.7:8765") }
    }

    @Test func thisComputersHomeAddressComesBeforeItsTailnetAndLinkLocalOnes() {
        #expect(PairingAddress.preference("192.168.1.20")! < PairingAddress.preference("100.101.102.103")!)
        #expect(PairingAddress.preference("100.101.102.103")! < PairingAddress.preference("169.254.1.2")!)
        #expect(PairingAddress.preference("203.0.113.9") == nil)
    }
}

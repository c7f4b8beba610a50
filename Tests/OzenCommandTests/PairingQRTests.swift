import Foundation
import OzenIO
import OzenKit
import Testing

/// Pairing the phone app by QR code, against the real `ozen serve --lan`: the code printed on
/// the terminal and the one the page's Settings show are read back with Debian's zbarimg, and
/// the link they hold is checked as the app checks it (ws:// to a private address, the code
/// within 200 characters, no spaces) and is the pairing token. A bad `--address` is one line.
@Suite(.serialized) struct PairingQRTests {
    static let tailnet = "ws://100.101.102.103:8765"

    /// Waits until the server printed its pairing link (the code is printed with it, in one
    /// write), or said it has no address for one.
    static func announcement(of server: ServeProcess) -> [String] {
        let deadline = Date(timeIntervalSinceNow: 10)
        while !server.stderr.contains("ozen://pair?"), !server.stderr.contains("so no QR code"), Date() < deadline {
            Thread.sleep(forTimeInterval: 0.05)
        }
        return server.stderr.components(separatedBy: "\n")
    }

    /// The terminal's code: the lines of blocks and spaces just above the printed link.
    static func terminalCode(in lines: [String]) throws -> [String] {
        let link = try #require(lines.firstIndex { $0.hasPrefix("  ozen://pair?") }, "no link printed: \(lines)")
        var start = link
        while start > 0, !lines[start - 1].isEmpty, lines[start - 1].allSatisfy({ " ▀▄█".contains($0) }) { start -= 1 }
        return Array(lines[start..<link])
    }

    /// The app's checks on a scanned link, and that its code is this server's pairing token.
    static func expectAppTakes(_ text: String, token: String, host: String? = nil) throws {
        let link = try PairingLink.parse(text)
        #expect(link.address.scheme == .ws)
        #expect(PairingAddress.isPrivate(link.address.host), "not private: \(link.address.host)")
        if let host { #expect(link.address.host == host) }
        #expect(link.code.count <= 200 && !link.code.contains(where: \.isWhitespace))
        #expect(link.code == token)
    }

    @Test func theTerminalAndThePageShowOneCodeTheAppTakes() throws {
        let server = try ServeProcess(["--lan", "--address", Self.tailnet, "--no-speakers", "--language", "en"])
        defer { server.stop() }
        let token = try HomeProtocolServeTests.token(of: server)
        let lines = Self.announcement(of: server)
        let printedLink = try #require(lines.first { $0.hasPrefix("  ozen://pair?") }).trimmingCharacters(in: .whitespaces)
        #expect(printedLink == "ozen://pair?address=\(Self.tailnet)&code=\(token)")

        // The terminal's code: square, with a quiet zone of light around it, read by zbarimg.
        let code = try Self.terminalCode(in: lines)
        let grid = QRCodeReader.grid(terminalLines: code)
        #expect(code.count >= 12 && grid.count - grid[0].count <= 1, "not a square code: \(code.count) lines of \(grid[0].count)")
        #expect(grid.prefix(4).allSatisfy { !$0.contains(true) } && grid.allSatisfy { !$0.prefix(4).contains(true) })
        let scanned = try QRCodeReader.decode(grid)
        #expect(scanned == printedLink)
        try Self.expectAppTakes(scanned, token: token, host: "100.101.102.103")

        // The page's code needs the token, like the history; with it, it is the same link.
        let url = "http://127.0.0.1:\(server.port)/api/pairing/qr.svg"
        #expect(try PlainHTTP.get(url).status == 401)
        let svg = try PlainHTTP.get(url, headers: ["Authorization": "Bearer \(token)"])
        #expect(svg.status == 200 && svg.contentType == "image/svg+xml", "\(svg.status) \(svg.text.prefix(200))")
        let pageScanned = try QRCodeReader.decode(QRCodeReader.grid(svg: svg.text))
        #expect(pageScanned == printedLink)
        try Self.expectAppTakes(pageScanned, token: token)
    }

    @Test func thePagesSettingsShowTheCodeOnlyToAPairedPage() throws {
        let server = try ServeProcess(["--lan", "--address", Self.tailnet, "--no-speakers", "--language", "en"])
        defer { server.stop() }
        let token = try HomeProtocolServeTests.token(of: server)
        let browser = try HeadlessBrowser()
        defer { browser.close() }
        try browser.setViewport(width: 800, height: 1000)
        let setting = "!document.getElementById('pairing-setting').hidden"

        // A page without the token: Settings open, no code.
        try browser.open(server.address)
        try browser.evaluate("document.getElementById('open-settings').click()")
        Thread.sleep(forTimeInterval: 1)
        #expect(try browser.evaluate("JSON.stringify(\(setting))", as: Bool.self) == false)

        // The page as the printed address opens it (the token kept): the code, which a camera reads.
        try browser.evaluate("localStorage.setItem('ozen.display.token', '\(token)')")
        try browser.open(server.address)
        try browser.evaluate("document.getElementById('open-settings').click()")
        let loaded = "JSON.stringify(\(setting) && document.getElementById('pairing-code').naturalWidth > 0)"
        #expect(try browser.wait(for: loaded, as: Bool.self, timeout: 20) { $0 } == true, "no code in Settings")
        try browser.evaluate("document.getElementById('pairing-code').scrollIntoView({block: 'center'})")
        Thread.sleep(forTimeInterval: 0.3)
        let scanned = try QRCodeReader.decode(image: try browser.screenshot(), type: "png")
        #expect(scanned == "ozen://pair?address=\(Self.tailnet)&code=\(token)")
        try Self.expectAppTakes(scanned, token: token)
    }

    @Test func withoutAddressTheLinkNamesThisComputersPrivateAddress() throws {
        let server = try ServeProcess(["--lan", "--no-speakers", "--language", "en"])
        defer { server.stop() }
        let token = try HomeProtocolServeTests.token(of: server)
        let lines = Self.announcement(of: server)
        let own = NetworkAddresses.localNetwork().filter { PairingAddress.preference($0) != nil }
        let url = "http://127.0.0.1:\(server.port)/api/pairing/qr.svg"
        guard !own.isEmpty else {
            // This machine has no address the app takes over ws://: said, and no code shown.
            #expect(lines.contains { $0.contains("no private address the app takes over ws://") }, "\(lines)")
            #expect(!lines.contains { $0.contains("ozen://pair?") })
            #expect(try PlainHTTP.get(url, headers: ["Authorization": "Bearer \(token)"]).status == 409)
            return
        }
        let scanned = try QRCodeReader.decode(QRCodeReader.grid(terminalLines: try Self.terminalCode(in: lines)))
        try Self.expectAppTakes(scanned, token: token)
        let link = try PairingLink.parse(scanned)
        #expect(own.contains(link.address.host) && link.address.port == server.port, "\(link) vs \(own)")
        let svg = try PlainHTTP.get(url, headers: ["Authorization": "Bearer \(token)"])
        #expect(try QRCodeReader.decode(QRCodeReader.grid(svg: svg.text)) == scanned)
    }

    @Test(arguments: [["--lan", "--address", "ws://8.8.8.8:8765"], ["--lan", "--address", "http://192.168.1.20:8765"],
                      ["--lan", "--address", "ws://192.168.1.20"], ["--address", Self.tailnet]])
    func aBadAddressIsOneClearLineAndExit64(_ arguments: [String]) throws {
        let result = try OzenProcess.run(["serve"] + arguments + ["--port", "0"])
        #expect(result.status == 64)
        #expect(result.stderrLines.count == 1, "\(result.stderr)")
        #expect(result.stderr.hasPrefix("ozen: ") && result.stderr.contains("address"), "\(result.stderr)")
    }
}

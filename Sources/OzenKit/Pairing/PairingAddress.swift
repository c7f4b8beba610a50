/// Where the phone app reaches `ozen serve`, as its pairing link carries it: `ws://HOST:PORT`
/// or `wss://NAME[:PORT]`.
///
/// The app takes plain `ws://` only for a private address (RFC 1918, link-local, or the
/// CGNAT range 100.64.0.0/10 that tailnets use), written as an IPv4 address, since a name
/// could lead anywhere; `wss://` it takes for any host. The checks here are the app's, so a
/// link this computer shows is one the app accepts.
public struct PairingAddress: Sendable, Equatable, CustomStringConvertible {
    public enum Scheme: String, Sendable {
        case ws, wss
    }

    public let scheme: Scheme
    public let host: String
    /// The port; nil for `wss://NAME`, which is 443.
    public let port: Int?

    /// An address checked as the app checks it.
    public init(scheme: Scheme, host: String, port: Int?) throws {
        guard !host.isEmpty else { throw PairingLinkError.noHost }
        if let port, !(1...65535).contains(port) { throw PairingLinkError.badPort(String(port)) }
        switch scheme {
        case .ws:
            guard port != nil else { throw PairingLinkError.portMissing(host) }
            guard Self.isPrivate(host) else { throw PairingLinkError.notPrivate(host) }
        case .wss:
            guard Self.isHostName(host) || Self.ipv4Numbers(host) != nil else { throw PairingLinkError.badHost(host) }
        }
        self.scheme = scheme
        self.host = host
        self.port = port
    }

    /// Reads `ws://HOST:PORT` or `wss://NAME[:PORT]` (an optional "/" after it), as `--address` gives it.
    public init(parsing text: String) throws {
        let scheme: Scheme
        var rest: Substring
        if text.hasPrefix("ws://") {
            scheme = .ws; rest = text.dropFirst(5)
        } else if text.hasPrefix("wss://") {
            scheme = .wss; rest = text.dropFirst(6)
        } else {
            throw PairingLinkError.badScheme(text)
        }
        if rest.hasSuffix("/") { rest = rest.dropLast() }
        guard !rest.contains("/"), !rest.contains("?"), !rest.contains("#"), !rest.contains("@") else {
            throw PairingLinkError.notJustHostAndPort(text)
        }
        var host = rest
        var port: Int?
        if let colon = rest.lastIndex(of: ":") {
            host = rest[..<colon]
            let portText = rest[rest.index(after: colon)...]
            guard let number = Int(portText), portText.allSatisfy(\.isASCII) else { throw PairingLinkError.badPort(String(portText)) }
            port = number
        }
        try self.init(scheme: scheme, host: String(host), port: port)
    }

    /// "ws://192.168.1.20:8765", "wss://laptop.example.ts.net".
    public var description: String {
        "\(scheme.rawValue)://\(host)" + (port.map { ":\($0)" } ?? "")
    }

    /// Whether `host` is an IPv4 address in a range that stays inside her own networks:
    /// 10/8, 172.16/12, 192.168/16 (RFC 1918), 169.254/16 (link-local), 100.64/10 (CGNAT, tailnets).
    public static func isPrivate(_ host: String) -> Bool {
        guard let a = Self.ipv4Numbers(host) else { return false }
        switch (a.0, a.1) {
        case (10, _), (192, 168), (169, 254): return true
        case (172, 16...31): return true
        case (100, 64...127): return true
        default: return false
        }
    }

    /// How much an address of this computer is the one to show: the home network's first,
    /// then a tailnet's, then link-local; nil for one the app would not take over `ws://`.
    public static func preference(_ host: String) -> Int? {
        guard isPrivate(host), let a = Self.ipv4Numbers(host) else { return nil }
        switch (a.0, a.1) {
        case (100, _): return 1
        case (169, 254): return 2
        default: return 0
        }
    }

    /// The four numbers of a dotted IPv4 address, or nil.
    static func ipv4Numbers(_ host: String) -> (Int, Int, Int, Int)? {
        let parts = host.split(separator: ".", omittingEmptySubsequences: false)
        guard parts.count == 4 else { return nil }
        var numbers: [Int] = []
        for part in parts {
            guard (1...3).contains(part.count), part.allSatisfy({ $0.isASCII && $0.isNumber }),
                  let n = Int(part), n <= 255 else { return nil }
            numbers.append(n)
        }
        return (numbers[0], numbers[1], numbers[2], numbers[3])
    }

    /// A DNS name: letters, digits, hyphens and dots, no label empty or over 63 characters.
    static func isHostName(_ host: String) -> Bool {
        guard host.count <= 253 else { return false }
        let labels = host.split(separator: ".", omittingEmptySubsequences: false)
        return labels.allSatisfy { label in
            (1...63).contains(label.count) && !label.hasPrefix("-") && !label.hasSuffix("-")
                && label.allSatisfy { $0.isASCII && ($0.isLetter || $0.isNumber || $0 == "-") }
        }
    }
}

/// Where `ozen serve` listens: this computer only unless the user opts into the local network.
///
/// Privacy by default: without `--lan` the server binds 127.0.0.1, so nothing else on the
/// network can even connect. With `--lan` it binds every interface and every connection must
/// bring the pairing token.
public struct ListenAddress: Sendable, Equatable {
    public var host: String
    public var port: Int
    /// True when other machines can reach the server, so the pairing token is required.
    public var needsPairing: Bool

    public static let defaultPort = 8765

    public init(host: String = "127.0.0.1", port: Int = ListenAddress.defaultPort, lan: Bool = false) {
        self.host = lan && host == "127.0.0.1" ? "0.0.0.0" : host
        self.port = port
        self.needsPairing = lan || !(self.host == "127.0.0.1" || self.host == "localhost" || self.host == "::1")
    }
}

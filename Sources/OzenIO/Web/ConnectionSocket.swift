import Foundation

/// The socket of one of CivetWeb's connections, found by its two ends, so the server can hang
/// up on a client that ignores a close: CivetWeb reads a WebSocket until the client answers
/// or sends something, and a client that never does (a flood of idle connections) would keep
/// its server thread for good. `shutdown` makes CivetWeb's read return at once; CivetWeb then
/// closes the socket itself, as for any client that went away.
///
/// CivetWeb does not hand out its sockets, so this looks through the process's descriptors for
/// the TCP socket whose peer is the client's address and port and whose own port is the
/// server's: one pair of ends names one connection.
enum ConnectionSocket {
    static func find(remoteAddress: String, remotePort: Int, serverPort: Int) -> Int32? {
        guard let names = try? FileManager.default.contentsOfDirectory(atPath: "/proc/self/fd") else { return nil }
        for name in names {
            guard let fd = Int32(name),
                  let peer = address(fd, peer: true), peer.port == remotePort,
                  Self.sameHost(peer.host, remoteAddress),
                  let own = address(fd, peer: false), own.port == serverPort else { continue }
            return fd
        }
        return nil
    }

    /// Ends the connection both ways: CivetWeb's read and any write to a stuck client return.
    static func hangUp(_ fd: Int32) {
        _ = shutdown(fd, Int32(SHUT_RDWR))
    }

    private static func address(_ fd: Int32, peer: Bool) -> (host: String, port: Int)? {
        var storage = sockaddr_storage()
        var length = socklen_t(MemoryLayout<sockaddr_storage>.size)
        let got = withUnsafeMutablePointer(to: &storage) { pointer in
            pointer.withMemoryRebound(to: sockaddr.self, capacity: 1) { raw in
                peer ? getpeername(fd, raw, &length) : getsockname(fd, raw, &length)
            }
        }
        guard got == 0 else { return nil }
        var host = [CChar](repeating: 0, count: Int(NI_MAXHOST))
        var service = [CChar](repeating: 0, count: Int(NI_MAXSERV))
        let named = withUnsafePointer(to: &storage) { pointer in
            pointer.withMemoryRebound(to: sockaddr.self, capacity: 1) { raw in
                getnameinfo(raw, length, &host, socklen_t(host.count), &service, socklen_t(service.count),
                            NI_NUMERICHOST | NI_NUMERICSERV)
            }
        }
        guard named == 0, let port = Int(String(cString: service)) else { return nil }
        return (String(cString: host), port)
    }

    /// "::ffff:192.168.1.5" and "192.168.1.5" are the same client.
    static func sameHost(_ a: String, _ b: String) -> Bool {
        func plain(_ host: String) -> String { host.hasPrefix("::ffff:") ? String(host.dropFirst(7)) : host }
        return plain(a).lowercased() == plain(b).lowercased()
    }
}

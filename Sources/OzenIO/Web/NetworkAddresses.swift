import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// This computer's IPv4 addresses on the local network, for the pairing address that
/// `ozen serve --lan` prints (a tablet on the same Wi-Fi opens it).
public enum NetworkAddresses {
    /// Addresses of interfaces that are up, not loopback; private ranges first.
    public static func localNetwork() -> [String] {
        var found: [String] = []
        var list: UnsafeMutablePointer<ifaddrs>?
        guard getifaddrs(&list) == 0, let first = list else { return [] }
        defer { freeifaddrs(list) }
        var cursor: UnsafeMutablePointer<ifaddrs>? = first
        while let entry = cursor?.pointee {
            defer { cursor = entry.ifa_next }
            guard let address = entry.ifa_addr, address.pointee.sa_family == sa_family_t(AF_INET),
                  entry.ifa_flags & UInt32(IFF_UP) != 0, entry.ifa_flags & UInt32(IFF_LOOPBACK) == 0 else { continue }
            var host = [CChar](repeating: 0, count: Int(NI_MAXHOST))
            guard getnameinfo(address, socklen_t(MemoryLayout<sockaddr_in>.size), &host, socklen_t(host.count),
                              nil, 0, NI_NUMERICHOST) == 0 else { continue }
            found.append(String(cString: host))
        }
        return found.sorted { isPrivate($0) && !isPrivate($1) }
    }

    static func isPrivate(_ address: String) -> Bool {
        address.hasPrefix("192.168.") || address.hasPrefix("10.")
            || (address.hasPrefix("172.") && (16...31).contains(Int(address.split(separator: ".")[1]) ?? 0))
    }
}

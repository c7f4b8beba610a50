import Foundation
import OzenTestSupport
import Testing

/// The settings `ozen` makes for the libraries that read the environment only at load
/// (`Launch`), read from /proc of a real `ozen serve`: OpenMP waits passively.
@Suite(.serialized) struct LaunchEnvironmentTests {
    /// The environment a running process started with (NUL-separated NAME=VALUE).
    static func environment(of pid: Int32) throws -> [String: String] {
        let data = try Data(contentsOf: URL(fileURLWithPath: "/proc/\(pid)/environ"))
        var found: [String: String] = [:]
        for entry in data.split(separator: 0) {
            let text = String(decoding: entry, as: UTF8.self)
            guard let equals = text.firstIndex(of: "=") else { continue }
            found[String(text[..<equals])] = String(text[text.index(after: equals)...])
        }
        return found
    }

    @Test func theServerStartsWithPassiveOpenMP() throws {
        let server = try ServeProcess(["--no-speakers", "--language", "en"])
        defer { server.stop() }
        let environment = try Self.environment(of: server.process.processIdentifier)
        #expect(environment["OMP_WAIT_POLICY"] == "PASSIVE")
        #expect(environment["GLIBC_TUNABLES"] == nil)
    }

    /// Her own setting wins.
    @Test func aWaitPolicySheChoseIsKept() throws {
        let server = try ServeProcess(["--no-speakers", "--language", "en"], environment: ["OMP_WAIT_POLICY": "ACTIVE"])
        defer { server.stop() }
        let environment = try Self.environment(of: server.process.processIdentifier)
        #expect(environment["OMP_WAIT_POLICY"] == "ACTIVE")
    }
}

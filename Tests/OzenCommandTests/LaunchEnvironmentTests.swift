import Foundation
import OzenTestSupport
import Testing

/// The settings `ozen` makes for the libraries that read the environment only at load
/// (`Launch`), read from /proc of a real `ozen serve`: OpenMP spins briefly before it sleeps,
/// and glibc maps blocks of 128 KiB and more apart and keeps one heap, so a long-running server
/// gives each pass's Whisper state back (the effect is the bench's to measure: `ozen bench serve
/// --clients 4 --minutes 30`).
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

    @Test func theServerStartsWithBriefOpenMPSpinsAndLargeBlocksMappedApart() throws {
        let server = try ServeProcess(["--no-speakers", "--language", "en"])
        defer { server.stop() }
        let environment = try Self.environment(of: server.process.processIdentifier)
        #expect(environment["GOMP_SPINCOUNT"] == "1000")
        #expect(environment["OMP_WAIT_POLICY"] == nil)
        #expect(environment["GLIBC_TUNABLES"] == "glibc.malloc.mmap_threshold=131072")
        #expect(environment["MALLOC_ARENA_MAX"] == "1")
    }

    /// Her own allocator settings, even an empty GLIBC_TUNABLES (glibc's defaults: the bench's
    /// baseline), win: neither variable is touched then.
    @Test func allocatorSettingsSheChoseAreKept() throws {
        let server = try ServeProcess(["--no-speakers", "--language", "en"], environment: ["GLIBC_TUNABLES": ""])
        defer { server.stop() }
        let environment = try Self.environment(of: server.process.processIdentifier)
        #expect(environment["GLIBC_TUNABLES"] == "")
        #expect(environment["MALLOC_ARENA_MAX"] == nil)
        #expect(environment["GOMP_SPINCOUNT"] == "1000")
    }

    /// Her own OpenMP waiting (here the passive waiting `ozen` used to set) wins the same way:
    /// no spin count is added beside it, and the allocator settings are still made.
    @Test func openMPWaitingSheChoseIsKept() throws {
        let server = try ServeProcess(["--no-speakers", "--language", "en"], environment: ["OMP_WAIT_POLICY": "PASSIVE"])
        defer { server.stop() }
        let environment = try Self.environment(of: server.process.processIdentifier)
        #expect(environment["OMP_WAIT_POLICY"] == "PASSIVE")
        #expect(environment["GOMP_SPINCOUNT"] == nil)
        #expect(environment["GLIBC_TUNABLES"] == "glibc.malloc.mmap_threshold=131072")
    }
}

import Foundation
import OzenKit
import OzenTestSupport
import Testing
#if canImport(Glibc)
import Glibc
#endif

/// `ozen models install` against a real HTTP server on 127.0.0.1 serving the real Whisper base
/// file, failing as networks and disks do: cut mid-file, refused, without range support, a
/// wrong sha256, a full disk, a process killed halfway. Every install that succeeds must give
/// a file byte-identical to the served one, loaded once by whisper.cpp, with its manifest.
@Suite(.serialized) struct ModelInstallTests {
    static let source = Fixtures.home.modelsPath + "/base/model.bin"
    static let sourceSHA = "c577b9a86e7e048a0b7eada054f4dd79a56bbfa911fbdacf900ac5b567cbb7d9"

    /// A home whose models folder is its own (the installs must not touch the real one).
    static func freshHome() throws -> URL {
        let home = FileManager.default.temporaryDirectory.appendingPathComponent("ozen-install-\(UUID())")
        try FileManager.default.createDirectory(at: home.appendingPathComponent("models"), withIntermediateDirectories: true)
        return home
    }

    static func events(_ stdout: String) -> [[String: Any]] {
        stdout.split(separator: "\n").compactMap { try? JSONSerialization.jsonObject(with: Data($0.utf8)) as? [String: Any] }
    }

    static func expectInstalled(_ name: String, in home: URL) throws {
        let folder = home.appendingPathComponent("models/\(name)")
        let installed = try Data(contentsOf: folder.appendingPathComponent("model.bin"))
        let served = try Data(contentsOf: URL(fileURLWithPath: source))
        #expect(installed.count == served.count)
        #expect(installed == served, "the installed file is not byte-identical to the served one")
        let manifest = try JSONDecoder().decode(ModelManifest.self, from: Data(contentsOf: folder.appendingPathComponent("manifest.json")))
        #expect(manifest.sha256 == sourceSHA && manifest.size == served.count && manifest.kind == "whisper-ggml")
        #expect(!FileManager.default.fileExists(atPath: home.appendingPathComponent("models/.downloads/\(name)").path), "the staging folder is left behind")
    }

    /// A catalogue whose one model is served by `server`.
    static func catalogue(for server: ModelFileServer, in home: URL, memoryMB: Int = 388, size: Int? = nil) throws -> String {
        let path = home.appendingPathComponent("catalogue.json").path
        let entry: [String: Any] = ["name": "test-base", "title": "Whisper base from a test server", "publisher": "test", "url": server.url,
                                    "size": size ?? server.size, "sha256": sourceSHA, "licence": "MIT", "languages": ["multilingual"],
                                    "quantization": "q8_0", "parameters_millions": 74, "memory_mb": memoryMB, "memory_basis": "test", "embedded": true]
        let object: [String: Any] = ["about": "test", "speed_basis": ["model": "test-base", "cpu_seconds_per_audio_minute": 60, "cores": 2, "command": "test", "note": "test"],
                                     "models": [entry]]
        try JSONSerialization.data(withJSONObject: object).write(to: URL(fileURLWithPath: path))
        return path
    }

    @Test func aDownloadCutRefusedAndCutAgainContinuesToAByteIdenticalModel() throws {
        let server = try ModelFileServer(file: Self.source)
        defer { server.stop() }
        server.cutNext(after: 20_000_000, thenRefuseFor: 2.5)
        server.cutNext(after: 30_000_000)
        let home = try Self.freshHome()
        let environment = ["OZEN_HOME": home.path, "OZEN_CATALOGUE": try Self.catalogue(for: server, in: home)]
        let run = try OzenProcess.run(["models", "install", "test-base", "--json"], environment: environment)
        #expect(run.status == 0, "\(run.stderr)")
        #expect(server.rangesAsked == ["", "bytes=20000000-", "bytes=50000000-"], "each try continues where the last stopped")
        let events = Self.events(run.stdout)
        let retries = events.filter { $0["type"] as? String == "download_retrying" }
        #expect(retries.count >= 3, "a cut, at least one refusal, a cut: \(retries)")
        #expect(events.filter { $0["type"] as? String == "download_resuming" }.compactMap { $0["from"] as? Int } .contains(50_000_000))
        #expect(events.contains { $0["type"] as? String == "download" && $0["percent"] != nil })
        #expect(events.last?["type"] as? String == "installed")
        try Self.expectInstalled("test-base", in: home)

        // Installed means usable: listed, chosen, and a second install has nothing to do.
        let list = try OzenProcess.run(["models", "list"], environment: environment)
        #expect(list.stdout.contains("test-base\twhisper-ggml"))
        let use = try OzenProcess.run(["models", "use", "test-base"], environment: environment)
        #expect(use.status == 0, "\(use.stderr)")
        #expect(try OzenProcess.run(["models", "list"], environment: environment).stdout.contains("in use"))
        let again = try OzenProcess.run(["models", "install", "test-base"], environment: environment)
        #expect(again.status == 0 && again.stdout.contains("already installed"), "\(again.stdout) \(again.stderr)")
        #expect(server.rangesAsked.count == 3, "an installed model is not downloaded again")
        let removed = try OzenProcess.run(["models", "remove", "test-base"], environment: environment)
        #expect(removed.status == 0 && removed.stdout.contains("back on base"), "\(removed.stdout) \(removed.stderr)")
    }

    @Test func aServerWithoutRangesStartsOverAndSaysSo() throws {
        let server = try ModelFileServer(file: Self.source, supportsRanges: false)
        defer { server.stop() }
        server.cutNext(after: 30_000_000)
        let home = try Self.freshHome()
        let run = try OzenProcess.run(["models", "install", server.url, "--name", "plain", "--sha256", Self.sourceSHA, "--json"],
                                      environment: ["OZEN_HOME": home.path])
        #expect(run.status == 0, "\(run.stderr)")
        #expect(server.rangesAsked == ["", "bytes=30000000-"])
        #expect(Self.events(run.stdout).contains { $0["type"] as? String == "download_starting_over" && $0["reason"] as? String == "server_does_not_resume" })
        try Self.expectInstalled("plain", in: home)
    }

    @Test func aWrongChecksumInstallsNothing() throws {
        let server = try ModelFileServer(file: Self.source)
        defer { server.stop() }
        let home = try Self.freshHome()
        let run = try OzenProcess.run(["models", "install", server.url, "--name", "wrong", "--sha256", String(repeating: "0", count: 64)],
                                      environment: ["OZEN_HOME": home.path])
        #expect(run.status != 0)
        #expect(run.stderr.contains("does not match its sha256") && run.stderr.contains(Self.sourceSHA), "\(run.stderr)")
        #expect(!FileManager.default.fileExists(atPath: home.appendingPathComponent("models/wrong").path))
        #expect(!FileManager.default.fileExists(atPath: home.appendingPathComponent("models/.downloads/wrong").path), "a wrong file is kept")
        let list = try OzenProcess.run(["models", "list"], environment: ["OZEN_HOME": home.path])
        #expect(!list.stdout.contains("wrong"))
    }

    @Test func aKilledDownloadContinuesOnTheNextStart() throws {
        let server = try ModelFileServer(file: Self.source)
        defer { server.stop() }
        server.send(atMost: 25_000_000)
        let home = try Self.freshHome()
        let part = home.appendingPathComponent("models/.downloads/killed/model.bin.part").path
        let process = Process()
        process.executableURL = OzenProcess.binary
        process.arguments = ["models", "install", server.url, "--name", "killed"]
        process.environment = OzenProcess.defaultEnvironment.merging(["OZEN_HOME": home.path]) { $1 }
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        try process.run()
        let deadline = Date().addingTimeInterval(60)
        while Date() < deadline, Self.size(part) < 40_000_000 { Thread.sleep(forTimeInterval: 0.05) }
        kill(process.processIdentifier, SIGKILL)
        process.waitUntilExit()
        let kept = Self.size(part)
        #expect(kept >= 40_000_000 && kept < Int64(server.size), "killed at \(kept) bytes")
        #expect(FileManager.default.fileExists(atPath: home.appendingPathComponent("models/.downloads/killed/download.json").path))
        #expect(try OzenProcess.run(["models", "list"], environment: ["OZEN_HOME": home.path]).stdout.contains("killed") == false,
                "a partial download is listed as a model")

        server.send(atMost: nil)
        let run = try OzenProcess.run(["models", "install", server.url, "--name", "killed"], environment: ["OZEN_HOME": home.path])
        #expect(run.status == 0, "\(run.stderr)")
        #expect(server.rangesAsked == ["", "bytes=\(kept)-"])
        #expect(run.stderr.contains("continuing after"), "\(run.stderr)")
        try Self.expectInstalled("killed", in: home)
    }

    /// Switching the model while `ozen serve` captions asks first: a script is told what runs
    /// and how to switch anyway, and once the server ends nothing is asked.
    /// A test home whose models folder is its own, each installed model linked into it, so
    /// that a server can run there and an install cannot touch the real folder.
    static func homeWithOwnModelsFolder() throws -> URL {
        let home = OzenProcess.testHome()
        let models = home.appendingPathComponent("models")
        try FileManager.default.removeItem(at: models)
        try FileManager.default.createDirectory(at: models, withIntermediateDirectories: true)
        for name in try FileManager.default.contentsOfDirectory(atPath: Fixtures.home.modelsPath) where !name.hasPrefix(".") {
            try FileManager.default.createSymbolicLink(atPath: models.appendingPathComponent(name).path, withDestinationPath: Fixtures.home.modelsPath + "/" + name)
        }
        return home
    }

    @Test func switchingWhileCaptionsRunAsksFirst() throws {
        let home = try Self.homeWithOwnModelsFolder()
        let models = home.appendingPathComponent("models")
        try FileManager.default.createSymbolicLink(atPath: models.appendingPathComponent("other").path, withDestinationPath: Fixtures.home.modelsPath + "/base")
        let environment = ["OZEN_HOME": home.path]
        do {
            let serve = try ServeProcess(["--no-speakers", "--no-sounds", "--no-save"], home: home)
            defer { serve.stop() }
            let refused = try OzenProcess.run(["models", "use", "other"], environment: environment)
            #expect(refused.status == 64, "\(refused.stdout) \(refused.stderr)")
            #expect(refused.stderr.contains("captions are running now: ozen serve (pid \(serve.process.processIdentifier), base)") && refused.stderr.contains("--yes"),
                    "\(refused.stderr)")
            #expect(!FileManager.default.fileExists(atPath: home.appendingPathComponent("model.txt").path))
            let forced = try OzenProcess.run(["models", "use", "other", "--yes"], environment: environment)
            #expect(forced.status == 0 && forced.stdout.contains("when started again"), "\(forced.stdout) \(forced.stderr)")
        }
        #expect((try? String(contentsOf: home.appendingPathComponent("model.txt"), encoding: .utf8)) == "other\n")
        let after = try OzenProcess.run(["models", "use", "base"], environment: environment)
        #expect(after.status == 0, "the server has ended, yet: \(after.stderr)")
        #expect(!FileManager.default.fileExists(atPath: home.appendingPathComponent("model.txt").path))
    }

    static func size(_ path: String) -> Int64 {
        ((try? FileManager.default.attributesOfItem(atPath: path))?[.size] as? NSNumber)?.int64Value ?? 0
    }
}

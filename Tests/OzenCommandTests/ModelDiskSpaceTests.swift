import Foundation
import OzenKit
import OzenTestSupport
import Testing
#if canImport(Glibc)
import Glibc
#endif

/// The model manager on a disk that is too small and on one that fills up mid-download: a small
/// filesystem (tmpfs) made for the test holds the models folder. And the catalogue's marks for a
/// model that cannot fit here.
@Suite(.serialized) struct ModelDiskSpaceTests {
    /// A home whose models folder is a tmpfs of `megabytes`; unmounted by `release`.
    static func smallDisk(megabytes: Int) throws -> URL {
        let home = try ModelInstallTests.freshHome()
        let models = home.appendingPathComponent("models").path
        let mount = Process()
        mount.executableURL = URL(fileURLWithPath: "/bin/mount")
        mount.arguments = ["-t", "tmpfs", "-o", "size=\(megabytes)m", "tmpfs", models]
        try mount.run()
        mount.waitUntilExit()
        guard mount.terminationStatus == 0 else {
            throw CocoaError(.fileWriteNoPermission, userInfo: [NSLocalizedDescriptionKey: "the test needs to mount a small tmpfs (run as root)"])
        }
        return home
    }

    static func release(_ home: URL) {
        let umount = Process()
        umount.executableURL = URL(fileURLWithPath: "/bin/umount")
        umount.arguments = [home.appendingPathComponent("models").path]
        try? umount.run()
        umount.waitUntilExit()
        try? FileManager.default.removeItem(at: home)
    }

    @Test func tooLittleSpaceSaysHowMuchToFreeAndDownloadsNothing() throws {
        let server = try ModelFileServer(file: ModelInstallTests.source)
        defer { server.stop() }
        let home = try Self.smallDisk(megabytes: 100)
        defer { Self.release(home) }
        let environment = ["OZEN_HOME": home.path, "OZEN_CATALOGUE": try ModelInstallTests.catalogue(for: server, in: home)]
        let run = try OzenProcess.run(["models", "install", "test-base"], environment: environment)
        #expect(run.status != 0)
        #expect(run.stderr.contains("not enough space") && run.stderr.contains("free "), "\(run.stderr)")
        #expect(server.rangesAsked.isEmpty, "it asked the server before knowing the file fits")
        let available = try OzenProcess.run(["models", "available"], environment: environment)
        #expect(available.stdout.contains("does not fit on this disk"), "\(available.stdout)")
    }

    @Test func aDiskThatFillsUpKeepsWhatCameAndContinuesOnceThereIsRoom() throws {
        let server = try ModelFileServer(file: ModelInstallTests.source)
        defer { server.stop() }
        server.send(atMost: 30_000_000)
        let home = try Self.smallDisk(megabytes: 240)
        defer { Self.release(home) }
        let part = home.appendingPathComponent("models/.downloads/filled/model.bin.part").path
        let filler = home.appendingPathComponent("models/filler").path
        let process = Process()
        process.executableURL = OzenProcess.binary
        process.arguments = ["models", "install", server.url, "--name", "filled"]
        process.environment = OzenProcess.defaultEnvironment.merging(["OZEN_HOME": home.path]) { $1 }
        let errors = Pipe()
        process.standardOutput = FileHandle.nullDevice
        process.standardError = errors
        try process.run()
        let deadline = Date().addingTimeInterval(60)
        while Date() < deadline, ModelInstallTests.size(part) < 30_000_000 { Thread.sleep(forTimeInterval: 0.05) }
        // Someone else's file takes the rest of the disk while the model comes in.
        let handle = try #require(FileHandle(forWritingAtPath: filler) ?? { FileManager.default.createFile(atPath: filler, contents: nil); return FileHandle(forWritingAtPath: filler) }())
        let block = Data(count: 1 << 20)
        while (try? handle.write(contentsOf: block)) != nil {}
        try? handle.close()
        let stderr = String(decoding: errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        #expect(process.terminationStatus != 0)
        #expect(stderr.contains("filled up during the download") && stderr.contains("already downloaded are kept"), "\(stderr)")
        let kept = ModelInstallTests.size(part)
        #expect(kept >= 30_000_000, "kept \(kept) bytes")

        try FileManager.default.removeItem(atPath: filler)
        server.send(atMost: nil)
        let run = try OzenProcess.run(["models", "install", server.url, "--name", "filled"], environment: ["OZEN_HOME": home.path])
        #expect(run.status == 0, "\(run.stderr)")
        #expect(server.rangesAsked.count == 2 && server.rangesAsked[1] == "bytes=\(kept)-", "\(server.rangesAsked)")
        try ModelInstallTests.expectInstalled("filled", in: home)
    }

    @Test func aModelTooBigForThisMemoryIsMarkedAndRefused() throws {
        let server = try ModelFileServer(file: ModelInstallTests.source)
        defer { server.stop() }
        let home = try ModelInstallTests.freshHome()
        let environment = ["OZEN_HOME": home.path,
                           "OZEN_CATALOGUE": try ModelInstallTests.catalogue(for: server, in: home, memoryMB: 100_000_000)]
        let available = try OzenProcess.run(["models", "available"], environment: environment)
        #expect(available.stdout.contains("too big for this memory"), "\(available.stdout)")
        let run = try OzenProcess.run(["models", "install", "test-base"], environment: environment)
        #expect(run.status != 0 && run.stderr.contains("of memory"), "\(run.stderr)")
        #expect(server.rangesAsked.isEmpty)
    }
}

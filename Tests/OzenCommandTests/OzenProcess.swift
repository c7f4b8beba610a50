import Foundation
import OzenTestSupport

/// Runs the built `ozen` the way a person would, capturing what it prints and its exit code.
struct OzenProcess {
    struct Result {
        var status: Int32
        var stdout: String
        var stderr: String
        var stderrLines: [Substring] { stderr.split(separator: "\n") }
    }

    static var binary: URL {
        let candidates = [
            URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent(),
            Bundle.main.bundleURL, Bundle.main.bundleURL.deletingLastPathComponent(),
            Fixtures.repository.appendingPathComponent(".build/tests/release"),
            Fixtures.repository.appendingPathComponent(".build/debug"),
        ].map { $0.appendingPathComponent("ozen") }
        return candidates.first { FileManager.default.isExecutableFile(atPath: $0.path) } ?? candidates.last!
    }

    /// English interface (the assertions read English messages) and a home of the tests' own,
    /// whose models are the installed ones, so no test writes to the person's history.
    /// The microphone tests point this test process's ALSA at a sound card of their own; a
    /// child gets that card only when its test asks for it. The settings `ozen` makes
    /// at launch (OpenMP's, the allocator's) are left for it to make, unless a test sets them. A crash is reported with
    /// function names but without line numbers (`symbolicate=fast`): the full report of the
    /// debug build once took swift-backtrace 8 minutes, holding the test that waited on it.
    static var defaultEnvironment: [String: String] {
        let withheld: Set = ["ALSA_CONFIG_PATH", "OMP_WAIT_POLICY", "GOMP_SPINCOUNT", "GLIBC_TUNABLES", "MALLOC_ARENA_MAX"]
        return ["SWIFT_BACKTRACE": "symbolicate=fast"].merging(ProcessInfo.processInfo.environment.filter { !withheld.contains($0.key) }) { $1 }
            .merging(["LC_ALL": "en_US.UTF-8", "LANG": "en_US.UTF-8", "OZEN_HOME": testHome().path]) { $1 }
    }

    /// A fresh Ozen home with the installed models linked in (`Fixtures.testHome`).
    static func testHome(unanswered: Bool = false) -> URL { Fixtures.testHome(unanswered: unanswered) }

    /// `program` and `directory` run another `ozen` (an installed one) from another folder;
    /// `without` names settings it must not get at all. A run past `deadline` seconds is ended
    /// and thrown as `StuckProcess`, with where its threads were: the longest run here takes
    /// about a minute and a half on a loaded machine.
    static func run(_ arguments: [String], environment: [String: String] = [:], program: URL = binary,
                    directory: URL? = nil, without: Set<String> = [], deadline: TimeInterval = 300) throws -> Result {
        let process = Process()
        process.executableURL = program
        process.arguments = arguments
        if let directory { process.currentDirectoryURL = directory }
        // English interface unless a test asks otherwise: the assertions read English messages.
        process.environment = defaultEnvironment.merging(environment) { $1 }.filter { !without.contains($0.key) }
        // stderr goes to a file, stdout through a pipe read to its end: a chatty child never blocks.
        let errURL = FileManager.default.temporaryDirectory.appendingPathComponent("ozen-stderr-\(UUID())")
        _ = FileManager.default.createFile(atPath: errURL.path, contents: nil)
        defer { try? FileManager.default.removeItem(at: errURL) }
        let err = try FileHandle(forWritingTo: errURL)
        let out = Pipe()
        process.standardOutput = out
        process.standardError = err
        try process.run()
        let watch = StuckProcessWatch(process, seconds: deadline)
        let outData = out.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        try err.close()
        let errData = try Data(contentsOf: errURL)
        if let threads = watch.finish() {
            throw StuckProcess(command: [program.lastPathComponent] + arguments, seconds: deadline,
                               said: String(decoding: errData, as: UTF8.self), threads: threads)
        }
        return Result(status: process.terminationStatus,
                      stdout: String(decoding: outData, as: UTF8.self),
                      stderr: String(decoding: errData, as: UTF8.self))
    }

    /// Runs the same command lines at once, each in its own process, and returns their results
    /// in order: for checks that two runs agree, which then also agree under each other's load.
    static func runTogether(_ commands: [[String]], environment: [String: String] = [:]) throws -> [Result] {
        try atOnce(commands.count) { try run(commands[$0], environment: environment) }
    }
}

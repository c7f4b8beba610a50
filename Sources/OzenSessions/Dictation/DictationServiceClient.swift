import Foundation
import OzenIO
import OzenKit

/// `ozen dictate toggle|stop|status`: the client a desktop keyboard shortcut runs. It asks the
/// dictation service over its socket; `toggle` starts a service with the same options when
/// none runs and waits until it listens.
///
/// Commands, one line each: `toggle` → `listening`, or (stopping) `inserted<TAB>text` /
/// `empty`; `stop` → `stopped` (an open take is finished and inserted first, nothing is lost);
/// `status` → `idle` / `listening`; `ping` → `pong`. A failure answers `error<TAB>what to do`.
public enum DictationServiceClient {
    public enum Answer: Sendable, Equatable {
        /// No service runs (and `status` or `stop` does not start one).
        case notRunning
        /// A take started.
        case listening
        /// The take ended and this text went in at the cursor.
        case inserted(String)
        /// The take ended with no speech heard.
        case empty
        /// What `status` answered, or any other answer, as it came.
        case said(String)
    }

    /// The service answered with an error, or a service started for `toggle` did not come up.
    public struct Failure: Error, CustomStringConvertible {
        public var description: String
    }

    /// Sends `name` to the service; `toggle` with no service running starts one with
    /// `arguments` (the options the service takes) and waits up to a minute for it.
    public static func send(_ name: String, startingWith arguments: [String], home: OzenHome) throws -> Answer {
        let path = try LocalCommandSocket.dictationPath()
        var answer = try? LocalCommandSocket.send(name, to: path, timeout: 120)
        if answer == nil {
            guard name == "toggle" else { return .notRunning }
            try startService(arguments, home: home)
            let deadline = Date().addingTimeInterval(60)
            while answer == nil, Date() < deadline {
                Thread.sleep(forTimeInterval: 0.1)
                if (try? LocalCommandSocket.send("ping", to: path, timeout: 2)) != nil {
                    answer = try? LocalCommandSocket.send(name, to: path, timeout: 120)
                }
            }
            guard answer != nil else {
                throw Failure(description: tr("שירות ההכתבה לא עלה — ראו \(serviceLog(home: home))",
                                              "the dictation service did not start — see \(serviceLog(home: home))"))
            }
        }
        let parts = (answer ?? "").split(separator: "\t", maxSplits: 1).map(String.init)
        if name == "status" { return .said(answer ?? "") }
        switch parts.first ?? "" {
        case "listening": return .listening
        case "inserted": return .inserted(parts.count > 1 ? parts[1] : "")
        case "empty": return .empty
        case "error": throw Failure(description: parts.count > 1 ? parts[1] : "")
        default: return .said(parts.joined(separator: " "))
        }
    }

    /// Where a service started by `toggle` writes its status lines (never audio or text).
    public static func serviceLog(home: OzenHome) -> String { home.path + "/dictation-service.log" }

    private static func startService(_ arguments: [String], home: OzenHome) throws {
        let process = Process()
        process.executableURL = Bundle.main.executableURL ?? URL(fileURLWithPath: CommandLine.arguments[0])
        process.arguments = ["dictate", "serve"] + arguments
        process.standardInput = FileHandle.nullDevice
        process.standardOutput = FileHandle.nullDevice
        try? FileManager.default.createDirectory(atPath: home.path, withIntermediateDirectories: true)
        _ = FileManager.default.createFile(atPath: serviceLog(home: home), contents: nil, attributes: [.posixPermissions: 0o600])
        process.standardError = FileHandle(forWritingAtPath: serviceLog(home: home)) ?? FileHandle.nullDevice
        try process.run()
    }
}

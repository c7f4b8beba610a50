import Foundation
import OzenKit
import OzenSessions

/// Exit codes (BSD sysexits, all below 128 so no one mistakes them for a crash) and the
/// single line a failure prints on stderr.
enum Exit: Int32 {
    case usage = 64          // EX_USAGE: the command line is wrong
    case badInput = 65       // EX_DATAERR: the recording is damaged or not a recording
    case noInput = 66        // EX_NOINPUT: the file does not exist or cannot be read
    case failure = 70        // EX_SOFTWARE: the engine failed
    case setup = 78          // EX_CONFIG: a model is missing or damaged, or the machine cannot run it

    /// The status for `error`: its own kind of failure (`HasFailureKind`), else a failure.
    static func code(for error: any Error) -> Exit {
        (error as? any HasFailureKind).map { Exit($0.failureKind) } ?? .failure
    }

    init(_ kind: FailureKind) {
        switch kind {
        case .usage: self = .usage
        case .badInput: self = .badInput
        case .noInput: self = .noInput
        case .setup: self = .setup
        case .failure: self = .failure
        }
    }

    static func fail(_ code: Exit, _ message: String) -> Never {
        let line = message.replacingOccurrences(of: "\n", with: " ")
        FileHandle.standardError.write(Data("ozen: \(line)\n".utf8))
        exit(code.rawValue)
    }
}

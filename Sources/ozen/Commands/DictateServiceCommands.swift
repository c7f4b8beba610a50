import Foundation
import OzenKit
import OzenSessions

/// `ozen dictate serve` and `ozen dictate toggle|stop|status`: the dictation service keeps the
/// models loaded so a take starts listening at once, and a desktop keyboard shortcut bound to
/// `ozen dictate toggle` starts and stops takes (`Dictation.serve`, `DictationServiceClient`).
extension DictateCommand {
    static let serviceOptions: Set<String> = ["--device", "--language", "--polish", "--insert", "--model", "--final-model"]
    static let serviceFlags: Set<String> = ["--json", "--no-save"]

    static func serve(_ arguments: [String]) throws {
        try Dictation.serve(try request(try ArgumentReader(arguments, options: serviceOptions, flags: serviceFlags)))
    }

    /// `toggle`, `stop` or `status`, sent to the service; `toggle` starts a service with its
    /// options (`--device`, `--language`…) when none runs, and waits until it listens.
    static func command(_ name: String, _ arguments: [String]) throws {
        // Unknown options are refused here, before a service is asked or started.
        _ = try ArgumentReader(arguments, options: serviceOptions, flags: serviceFlags)
        switch try DictationServiceClient.send(name, startingWith: arguments, home: OzenHome.fromEnvironment()) {
        case .notRunning:
            if name == "status" { return print("not running") }
            DictationDelivery.status(tr("שירות ההכתבה לא פועל", "the dictation service is not running"))
        case .listening: DictationDelivery.status(tr("מקשיב — ozen dictate toggle שוב כדי לעצור", "listening — ozen dictate toggle again to stop"))
        case .inserted(let text): print(text)
        case .empty: DictationDelivery.status(tr("לא נשמע דיבור בהכתבה הזו", "no speech was heard in this take"))
        case .said(let answer): print(answer)
        }
    }
}

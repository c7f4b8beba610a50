import Foundation
import OzenEngines
import OzenIO
import OzenKit
import OzenSessions

/// `ozen dictate serve` and `ozen dictate toggle|stop|status`: the dictation service keeps the
/// models loaded so a take starts listening at once, and a desktop keyboard shortcut bound to
/// `ozen dictate toggle` starts and stops takes. They talk over a Unix socket in the user's
/// runtime folder, 0600 (`LocalCommandSocket`). The microphone is open only during a take.
///
/// Commands, one line each: `toggle` → `listening`, or (stopping) `inserted<TAB>text` /
/// `empty`; `stop` → `stopped` (an open take is finished and inserted first, nothing is lost);
/// `status` → `idle` / `listening`; `ping` → `pong`. A failure answers `error<TAB>what to do`.
extension DictateCommand {
    static let serviceOptions: Set<String> = ["--device", "--language", "--polish", "--insert", "--model", "--final-model"]
    static let serviceFlags: Set<String> = ["--json", "--no-save"]

    static func serve(_ arguments: [String]) throws {
        let args = try ArgumentReader(arguments, options: serviceOptions, flags: serviceFlags)
        let language = try args.spokenLanguage()
        let polisher = try polisher(args.value("--polish"))
        let method = try insertion(args.value("--insert"))
        let home = OzenHome.fromEnvironment()
        let choice = MicrophoneChoice(args.value("--device"))
        // The microphone is checked before any model loads: one that is not there is her fix.
        do { _ = try MicrophoneInput(choice: choice, settings: .default) } catch { Exit.fail(.noInput, "\(error)") }
        let server: LocalCommandSocket.Server
        do { server = try LocalCommandSocket.Server(path: try LocalCommandSocket.dictationPath()) }
        catch { Exit.fail(.failure, "\(error)") }
        let models = try PipelineBuilder(home: home, models: .init(live: args.value("--model") ?? ChosenModel.name(in: OzenHome.fromEnvironment()), final: args.value("--final-model"), recognizer: try PipelineSettings.recognizer(), speakers: false))
        let settings = try PipelineSettings.dictation(language: language)
        let deliverySettings = delivery(args, language: language, polisher: polisher, method: method, home: home)
        let service = DictationService(choice: choice, models: models, settings: settings) { take, cut in
            try DictationDelivery.deliver(take, cut: cut, settings: deliverySettings)
        }
        DictationDelivery.status(tr("שירות ההכתבה מוכן: ozen dictate toggle מתחיל ועוצר הכתבה", "the dictation service is ready: ozen dictate toggle starts and stops a take"))
        let signals = StopSignals { _ = service.finishTake(); server.stop() }
        server.serve { command in
            let answer = service.answer(command)
            if command == "stop" { server.stop() }
            return answer
        }
        _ = signals
    }

    /// `toggle`, `stop` or `status`, sent to the service; `toggle` starts a service with its
    /// options (`--device`, `--language`…) when none runs, and waits until it listens.
    static func command(_ name: String, _ arguments: [String]) throws {
        // Unknown options are refused here, before a service is asked or started.
        _ = try ArgumentReader(arguments, options: serviceOptions, flags: serviceFlags)
        let path: String
        do { path = try LocalCommandSocket.dictationPath() } catch { Exit.fail(.failure, "\(error)") }
        var answer = try? LocalCommandSocket.send(name, to: path, timeout: 120)
        if answer == nil {
            guard name == "toggle" else {
                if name == "status" { print("not running"); return }
                DictationDelivery.status(tr("שירות ההכתבה לא פועל", "the dictation service is not running"))
                return
            }
            try startService(arguments)
            let deadline = Date().addingTimeInterval(60)
            while answer == nil, Date() < deadline {
                Thread.sleep(forTimeInterval: 0.1)
                if (try? LocalCommandSocket.send("ping", to: path, timeout: 2)) != nil {
                    answer = try? LocalCommandSocket.send(name, to: path, timeout: 120)
                }
            }
            guard answer != nil else {
                Exit.fail(.failure, tr("שירות ההכתבה לא עלה — ראו \(serviceLog())", "the dictation service did not start — see \(serviceLog())"))
            }
        }
        let parts = (answer ?? "").split(separator: "\t", maxSplits: 1).map(String.init)
        if name == "status" { return print(answer ?? "") }
        switch parts.first ?? "" {
        case "listening": DictationDelivery.status(tr("מקשיב — ozen dictate toggle שוב כדי לעצור", "listening — ozen dictate toggle again to stop"))
        case "inserted": print(parts.count > 1 ? parts[1] : "")
        case "empty": DictationDelivery.status(tr("לא נשמע דיבור בהכתבה הזו", "no speech was heard in this take"))
        case "error": Exit.fail(.failure, parts.count > 1 ? parts[1] : "")
        default: print(parts.joined(separator: " "))
        }
    }

    /// Where a service started by `toggle` writes its status lines (never audio or text).
    static func serviceLog() -> String { OzenHome.fromEnvironment().path + "/dictation-service.log" }

    private static func startService(_ arguments: [String]) throws {
        let process = Process()
        process.executableURL = Bundle.main.executableURL ?? URL(fileURLWithPath: CommandLine.arguments[0])
        process.arguments = ["dictate", "serve"] + arguments
        process.standardInput = FileHandle.nullDevice
        process.standardOutput = FileHandle.nullDevice
        try? FileManager.default.createDirectory(atPath: OzenHome.fromEnvironment().path, withIntermediateDirectories: true)
        _ = FileManager.default.createFile(atPath: serviceLog(), contents: nil, attributes: [.posixPermissions: 0o600])
        process.standardError = FileHandle(forWritingAtPath: serviceLog()) ?? FileHandle.nullDevice
        try process.run()
    }
}

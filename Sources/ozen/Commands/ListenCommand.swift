import Foundation
import OzenEngines
import OzenIO
import OzenKit
import OzenSessions
import OzenStore

/// `ozen listen [--device NAME|INDEX]`: live captions from one microphone, chosen explicitly
/// (or the system's default), kept going when the microphone fails, falls silent or is
/// unplugged and plugged back in. Ctrl-C ends it after the open line's final pass.
enum ListenCommand {
    static func run(_ arguments: [String]) throws {
        let args = try ArgumentReader(arguments, options: ["--device", "--language", "--model", "--alert", "--mute-sound", "--engine"],
                                      flags: ["--json", "--no-save", "--continue", "--no-speakers", "--fallback-default",
                                              "--no-sounds", "--notify"])
        guard args.positional.isEmpty else {
            throw UsageError(tr("listen לא מקבל קבצים — כדי להכתיב הקלטה השתמשו ב־ozen caption",
                                "listen takes no files — to caption a recording use ozen caption"))
        }
        // The first time on a terminal: what runs where, and her name for the name alert.
        if isatty(STDIN_FILENO) == 1, FirstRun.shouldAsk(in: OzenHome.fromEnvironment()) { try FirstRunCommand.ask(home: OzenHome.fromEnvironment()) }
        let language = try args.spokenLanguage()
        let modelName = args.value("--model") ?? ChosenModel.name(in: OzenHome.fromEnvironment())
        let recognizerSettings = try PipelineSettings.recognizer()
        let liveSettings = try PipelineSettings.captions(language: language, keywords: HerName.alertWords(args.values("--alert"), in: OzenHome.fromEnvironment()))

        // The microphone is found before any model loads: one that is not there is her fix,
        // said at once and never retried.
        var settings = MicrophoneInput.Settings.default
        settings.fallbackToDefault = args.flag("--fallback-default")
        let microphone: MicrophoneInput
        do {
            microphone = try MicrophoneInput(choice: MicrophoneChoice(args.value("--device")), settings: settings)
        } catch {
            Exit.fail(.noInput, error.description)
        }

        let home = OzenHome.fromEnvironment()
        let running = RunningCaptions.started(command: "ozen listen", model: modelName, in: home)
        defer { running.finished() }
        let cloudProvider = try CaptionSetup.cloudProvider(engine: args.value("--engine"), home: home)
        let output = LockedOutput(printer: EventPrinter(json: args.flag("--json"), showsStatus: true))
        output.print(.status(.loadingModel(name: modelName), at: 0))
        let models = try CaptionSetup.loadModels(modelName: modelName, home: home, recognizerSettings: recognizerSettings,
                                                 speakers: !args.flag("--no-speakers"))
        let clock = RealTimeClock()
        let began = Date()
        let diagnostics = DiagnosticsSession(home: home, command: "listen", model: modelName)
        let cloud = cloudProvider.map {
            CloudFinalsRecognizer(local: models.recognizer, provider: $0) { text in
                output.print(.status(.note(text), at: Date().timeIntervalSince(began)))
                diagnostics.cloud(text)
            }
        }
        let captioner = models.captioner(settings: liveSettings, clock: clock, cloud: cloud)
        // Sounds are heard on all of the microphone's audio, voice or not.
        let sounds = args.flag("--no-sounds") ? nil
            : SoundAlerts.watchOrWarn(home: home, alsoMuted: try SoundsCommand.kinds(args.values("--mute-sound")))
        if args.flag("--notify") {
            output.notifications = CaptionNotifications { line in
                FileHandle.standardError.write(Data(("ozen: " + line + "\n").utf8))
            }
        }
        let recorder = args.flag("--no-save") ? nil : try CaptionSetup.startRecorder(home: home, continuing: args.flag("--continue"))
        output.recorder = recorder

        let inbox = LiveAudioInbox()
        let gaveUp = GaveUp()
        do {
            try microphone.start(into: inbox) { [microphone] status in
                output.print(.status(status, at: microphone.deliveredSeconds))
                diagnostics.microphone(status)
                if case .failed(let reason, let action) = status {
                    gaveUp.set(InputProblemMessage(reason: reason, action: action))
                    inbox.close()
                }
            }
        } catch {
            Exit.fail(.noInput, error.description)
        }
        let signals = StopSignals { microphone.stop(); inbox.close() }
        try LiveStream.run(inbox, through: captioner, listeners: sounds.map { [$0] } ?? []) { event in
            output.print(event)
            diagnostics.update(from: captioner, deliveredSeconds: microphone.deliveredSeconds, event: event)
        }
        diagnostics.cloudCounts(cloud?.linesByWhere)
        diagnostics.end()
        microphone.stop()
        output.notifications?.close()
        CaptionSetup.reportCloud(cloud)
        _ = signals
        if let recorder {
            let unsaved = recorder.close()
            if !unsaved.isEmpty { throw HistoryNotSaved(lines: unsaved.count, path: HistoryStore.path(in: home)) }
        }
        if let problem = gaveUp.value { Exit.fail(.noInput, problem.description) }
    }
}

/// Events from the pipeline's thread and the microphone's watcher, printed and saved one at a time.
private final class LockedOutput: @unchecked Sendable {
    private let lock = NSLock()
    private let printer: EventPrinter
    var recorder: ConversationRecorder? {
        get { lock.withLock { storedRecorder } }
        set { lock.withLock { storedRecorder = newValue } }
    }
    private var storedRecorder: ConversationRecorder?

    /// Desktop notifications for her name, sounds and captions that stopped (with --notify).
    var notifications: CaptionNotifications? {
        get { lock.withLock { storedNotifications } }
        set { lock.withLock { storedNotifications = newValue } }
    }
    private var storedNotifications: CaptionNotifications?

    init(printer: EventPrinter) { self.printer = printer }

    func print(_ event: CaptionEvent) {
        lock.lock()
        defer { lock.unlock() }
        printer.print(event)
        storedRecorder?.record(event)
        storedNotifications?.handle(event)
    }
}

/// What the microphone could not get past, once it gave up.
private struct InputProblemMessage: CustomStringConvertible {
    var reason: String
    var action: String
    var description: String { action.isEmpty ? reason : "\(reason) — \(action)" }
}

private final class GaveUp: @unchecked Sendable {
    private let lock = NSLock()
    private var stored: InputProblemMessage?
    func set(_ message: InputProblemMessage) { lock.withLock { stored = message } }
    var value: InputProblemMessage? { lock.withLock { stored } }
}

/// Ctrl-C (SIGINT) and SIGTERM end listening gracefully: `stop` runs once, on a queue of its own.
final class StopSignals: @unchecked Sendable {
    private var sources: [DispatchSourceSignal] = []

    init(stop: @escaping @Sendable () -> Void) {
        for number in [SIGINT, SIGTERM] {
            signal(number, SIG_IGN)
            let source = DispatchSource.makeSignalSource(signal: number, queue: .global())
            source.setEventHandler(handler: stop)
            source.resume()
            sources.append(source)
        }
    }
}

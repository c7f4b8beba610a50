import Foundation
import OzenEngines
import OzenIO
import OzenKit
import OzenSessions
import OzenStore

/// `ozen interpret [FILE [--realtime] | --device D]`: the other person's speech (Swedish unless
/// `--from` says otherwise) shown in English a few seconds behind.
enum InterpretCommand {
    static func run(_ arguments: [String]) throws {
        if arguments.first == "provider" { return try ProviderCommand.run(Array(arguments.dropFirst()), purpose: .interpreter) }
        let args = try ArgumentReader(arguments, options: ["--from", "--device", "--model", "--second-pass", "--translator"],
                                      flags: ["--json", "--realtime", "--no-save", "--fallback-default"])
        guard args.positional.count <= 1 else {
            throw UsageError(tr("interpret מקבל הקלטה אחת, קיבל \(args.positional.count)", "interpret takes one recording, got \(args.positional.count)"))
        }
        let path = args.positional.first
        guard path == nil || args.value("--device") == nil else {
            throw UsageError(tr("interpret מקבל הקלטה או --device, לא את שניהם", "interpret takes a recording or --device, not both"))
        }
        let settings = try interpreterSettings(args)
        let modelName = args.value("--model") ?? "base"
        let json = args.flag("--json")
        let home = OzenHome.fromEnvironment()
        let printer = EventPrinter(json: json, showsStatus: true)
        let output = InterpreterOutput { event in
            // Without --json the English is what she reads; the source lines come with it.
            if !json, case .line = event { return }
            printer.print(event)
        }

        // A recording or a microphone that is not there is her fix, said before any model loads.
        let audio = try path.map { try WAVDecoder().read(path: $0) }
        var microphone: MicrophoneInput?
        if audio == nil {
            var micSettings = MicrophoneInput.Settings.default
            micSettings.fallbackToDefault = args.flag("--fallback-default")
            do { microphone = try MicrophoneInput(choice: MicrophoneChoice(args.value("--device")), settings: micSettings) } catch {
                Exit.fail(.noInput, error.description)
            }
        }
        let reviewer = try args.value("--second-pass").map { url in
            do { return try SecondPassClient(baseURL: url) } catch {
                throw UsageError(tr("--second-pass צריך כתובת http(s), למשל http://127.0.0.1:8765, קיבל '\(url)'",
                                    "--second-pass needs an http(s) address such as http://127.0.0.1:8765, got '\(url)'"))
            }
        }
        let translatorChoice = args.value("--translator") ?? "whisper"

        output.print(.status(.loadingModel(name: modelName), at: 0))
        let models = try CaptionSetup.loadModels(modelName: modelName, home: home, recognizerSettings: try PipelineSettings.recognizer(),
                                                 speakers: false)
        let whisper = WhisperTranslator(recognizer: models.recognizer)
        let translator: any SentenceTranslator
        var fallback: (any SentenceTranslator)?
        switch translatorChoice {
        case "whisper": translator = whisper
        case "llm":
            translator = try LLMTranslator(provider: ProviderStore(home: home).load(purpose: .interpreter))
            fallback = whisper
        default:
            throw UsageError(tr("--translator הוא whisper או llm, קיבל '\(translatorChoice)'", "--translator is whisper or llm, got '\(translatorChoice)'"))
        }
        let clock: any PipelineClock = (audio == nil || args.flag("--realtime")) ? RealTimeClock() : SteadyCostClock()
        let captioner = models.captioner(settings: try PipelineSettings.interpreting(language: settings.language), clock: clock)
        let interpreter = Interpreter(translator: translator, fallback: fallback, reviewer: reviewer, settings: settings, clock: clock)
        let recorder = args.flag("--no-save") ? nil : try CaptionSetup.startRecorder(home: home, continuing: false)
        output.recorder = recorder

        if let audio {
            try RecordingReplay.run(audio, through: captioner, clock: clock, listeners: [interpreter]) { event in
                interpreter.pass(event) { output.print($0) }
            }
        } else if let microphone {
            let inbox = LiveAudioInbox()
            do {
                try microphone.start(into: inbox) { [microphone] status in
                    output.print(.status(status, at: microphone.deliveredSeconds))
                    if case .failed = status { inbox.close() }
                }
            } catch {
                Exit.fail(.noInput, error.description)
            }
            let signals = StopSignals { microphone.stop(); inbox.close() }
            try LiveStream.run(inbox, through: captioner, listeners: [interpreter]) { event in
                interpreter.pass(event) { output.print($0) }
            }
            microphone.stop()
            _ = signals
        }
        if let recorder {
            let unsaved = recorder.close()
            if !unsaved.isEmpty { throw HistoryNotSaved(lines: unsaved.count, path: HistoryStore.path(in: home)) }
        }
    }

    static func interpreterSettings(_ args: ArgumentReader) throws -> InterpreterSettings {
        let code = args.value("--from") ?? "sv"
        guard let language = SpokenLanguage(rawValue: code), language != .auto else {
            throw UsageError(tr("--from צריך קוד שפה של Whisper (sv, fr, it…), קיבל '\(code)' — שפת המקור נקבעת, לא מנוחשת",
                                "--from needs a Whisper language code (sv, fr, it…), got '\(code)' — the source language is pinned, never guessed"))
        }
        return InterpreterSettings(language: language)
    }

}

/// Prints and saves the interpreter's events from the pipeline's thread and the microphone's.
final class InterpreterOutput: @unchecked Sendable {
    private let lock = NSLock()
    private let printer: (CaptionEvent) -> Void
    private var storedRecorder: ConversationRecorder?
    var recorder: ConversationRecorder? {
        get { lock.withLock { storedRecorder } }
        set { lock.withLock { storedRecorder = newValue } }
    }

    init(printer: @escaping (CaptionEvent) -> Void) { self.printer = printer }

    func print(_ event: CaptionEvent) {
        lock.lock()
        defer { lock.unlock() }
        printer(event)
        storedRecorder?.record(event)
    }
}

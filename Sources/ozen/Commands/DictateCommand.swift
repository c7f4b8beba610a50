import Foundation
import OzenEngines
import OzenIO
import OzenKit
import OzenSessions
import OzenStore

/// `ozen dictate`: speech in, polished text at the cursor.
///
///     ozen dictate --source FILE [--language he] [--polish off|local|llm] [--insert paste|type|clipboard|stdout]
///     ozen dictate insert TEXT [--insert …]       the same path as a take, for given text
///     ozen dictate last [--raw] [--insert …]       the newest take again
///     ozen dictate provider set|show|test          the LLM polish's provider
///
/// A take is at most 60 s: a longer recording is cut there, as a take ends by itself. The text
/// (raw and polished) is saved in the history before it is inserted, so nothing dictated is lost.
enum DictateCommand {
    static let longestTake = 60.0

    static func run(_ arguments: [String]) throws {
        switch arguments.first {
        case "provider": return try ProviderCommand.run(Array(arguments.dropFirst()), purpose: .dictation)
        case "insert": return try insertGiven(Array(arguments.dropFirst()))
        case "last": return try last(Array(arguments.dropFirst()))
        case "serve": return try serve(Array(arguments.dropFirst()))
        case "toggle", "stop", "status": return try command(arguments[0], Array(arguments.dropFirst()))
        default: break
        }
        let args = try ArgumentReader(arguments, options: ["--source", "--device", "--language", "--polish", "--insert", "--model"],
                                      flags: ["--json", "--realtime", "--no-save"])
        let language = try args.spokenLanguage()
        let polisher = try polisher(args.value("--polish"))
        let method = try insertion(args.value("--insert"))
        let home = OzenHome.fromEnvironment()
        guard let path = args.value("--source") else {
            return try fromMicrophone(args, language: language, polisher: polisher, method: method, home: home)
        }

        var audio = try WAVDecoder().read(path: path).atSpeechRate()
        var cut = false
        if Double(audio.samples.count) / Double(MonoAudio.speechRate) > longestTake {
            audio = MonoAudio(samples: Array(audio.samples.prefix(Int(longestTake) * MonoAudio.speechRate)), sampleRate: MonoAudio.speechRate)
            cut = true
            status(tr("ההקלטה ארוכה מ־60 שניות: ההכתבה נגמרה ב־60 שניות", "the recording is longer than 60 s: the take ended at 60 s"))
        }
        let models = try CaptionSetup.loadModels(modelName: args.value("--model") ?? ChosenModel.name(in: OzenHome.fromEnvironment()), home: home,
                                                 recognizerSettings: try PipelineSettings.recognizer(), speakers: false)
        let take = try transcribe(audio, language: language, models: models, realtime: args.flag("--realtime"))
        try deliver(take, cut: cut, args: args, language: language, polisher: polisher, method: method, home: home)
    }

    /// The take's text polished, saved in the history first, then printed and inserted; the
    /// text as inserted.
    @discardableResult
    static func deliver(_ take: Take, cut: Bool, args: ArgumentReader, language: SpokenLanguage,
                        polisher: DictationPolisher, method: TextInserter.Method, home: OzenHome) throws -> String {
        let raw = take.raw
        let result = polisher.polish(raw, language: language.rawValue)
        let ready = RealTimeClock.seconds(ContinuousClock.now - take.stoppedAt)
        if let note = result.note { status(note) }
        if !args.flag("--no-save"), let problem = DictationHistory.save(raw: raw, polished: result, language: language, seconds: take.seconds, home: home) {
            status(problem)
        }
        if args.flag("--json") {
            // Written at once, not buffered: the service runs on after it.
            let line = JSONValue.object([("type", .string("dictation")), ("raw", .string(raw)), ("text", .string(result.text)),
                                         ("polish", .string(result.polish)), ("note", result.note.map(JSONValue.string) ?? .null),
                                         ("seconds", .number(take.seconds, decimals: 2)), ("cut_at_60_s", .bool(cut)),
                                         ("ready_after_stop_seconds", .number(ready, decimals: 3))]).serialized()
            FileHandle.standardOutput.write(Data((line + "\n").utf8))
            if method == .stdout { return result.text }
        }
        guard !raw.isEmpty else {
            status(tr("לא נשמע דיבור בהכתבה הזו", "no speech was heard in this take"))
            return ""
        }
        try insert(result.text, method: method)
        return result.text
    }

    struct Take {
        var raw: String
        var seconds: Double
        /// The wall-clock moment the take's audio ended: when she tapped stop.
        var stoppedAt: ContinuousClock.Instant
    }

    /// A take through the live pipeline, utterance by utterance as it is spoken, stitched.
    /// `quickStop: false` is the take as it was before the stop was made quick (the baseline of
    /// `ozen bench dictate --baseline`): a live pass still running at the stop runs out, and the
    /// last utterance's final pass waits for the stop instead of starting in the quiet before it.
    static func transcribe(_ audio: MonoAudio, language: SpokenLanguage, models: CaptionSetup.Models, realtime: Bool,
                           quickStop: Bool = true) throws -> Take {
        var settings = try PipelineSettings.dictation(language: language)
        if !quickStop { settings.finalAfterQuiet = nil }
        let seconds = Double(audio.samples.count) / Double(MonoAudio.speechRate)
        let started = ContinuousClock.now
        let clock: any PipelineClock = realtime ? RealTimeClock() : SteadyCostClock()
        let captioner = models.captioner(settings: settings, clock: clock)
        var lines: [String] = []
        // In real time the audio ends `seconds` after the start, on the wall clock; on the steady
        // clock, at the first event after the replay passed its end (the work left is what follows).
        var stoppedAt: ContinuousClock.Instant? = realtime ? started + .milliseconds(Int(seconds * 1000)) : nil
        try RecordingReplay.run(audio, through: captioner, clock: clock, cancelsLivePassAtEnd: quickStop) { event in
            if case .line(let line, _) = event, !line.text.isEmpty { lines.append(line.text) }
            if stoppedAt == nil, clock.now >= seconds { stoppedAt = ContinuousClock.now }
        }
        return Take(raw: DictationText.stitched(lines), seconds: seconds, stoppedAt: stoppedAt ?? ContinuousClock.now)
    }

    static func insertGiven(_ arguments: [String]) throws {
        let args = try ArgumentReader(arguments, options: ["--insert"], flags: [])
        let text = args.positional.joined(separator: " ")
        guard !text.isEmpty else { throw UsageError(tr("insert צריך טקסט: ozen dictate insert טקסט", "insert needs text: ozen dictate insert TEXT")) }
        try insert(text, method: try insertion(args.value("--insert")))
    }

    static func last(_ arguments: [String]) throws {
        let args = try ArgumentReader(arguments, options: ["--insert"], flags: ["--raw"])
        let path = HistoryStore.path(in: OzenHome.fromEnvironment())
        guard FileManager.default.fileExists(atPath: path), let take = try HistoryStore(path: path).lastDictation() else {
            throw UsageError(tr("עוד לא הוכתב כלום", "nothing has been dictated yet"))
        }
        try insert(args.flag("--raw") ? take.raw : take.polished, method: try insertion(args.value("--insert")))
    }

    static func insert(_ text: String, method: TextInserter.Method) throws {
        switch try TextInserter().insert(text, method: method) {
        case .inserted, .printed: break
        case .onClipboard(let reason):
            status(reason ?? tr("הטקסט בלוח", "the text is on the clipboard"))
        }
    }

    static func polisher(_ value: String?) throws -> DictationPolisher {
        let raw = value ?? "local"
        guard let mode = DictationPolisher.Mode(rawValue: raw) else {
            throw UsageError(tr("--polish הוא off, local או llm, קיבל '\(raw)'", "--polish is off, local or llm, got '\(raw)'"))
        }
        guard mode == .llm else { return DictationPolisher(mode: mode) }
        return DictationPolisher(mode: .llm, provider: try ProviderStore(home: OzenHome.fromEnvironment()).load(purpose: .dictation))
    }

    static func insertion(_ value: String?) throws -> TextInserter.Method {
        let raw = value ?? "paste"
        guard let method = TextInserter.Method(rawValue: raw) else {
            throw UsageError(tr("--insert הוא paste, type, clipboard או stdout, קיבל '\(raw)'", "--insert is paste, type, clipboard or stdout, got '\(raw)'"))
        }
        return method
    }

    static func status(_ text: String) {
        FileHandle.standardError.write(Data(("ozen: " + text + "\n").utf8))
    }
}


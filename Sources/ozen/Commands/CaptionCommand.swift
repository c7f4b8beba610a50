import Foundation
import OzenEngines
import OzenIO
import OzenKit
import OzenStore

/// `ozen caption FILE`: captions a recording and prints its lines, or JSON events with --json.
enum CaptionCommand {
    static func run(_ arguments: [String]) throws {
        if arguments.first == "provider" { return try ProviderCommand.run(Array(arguments.dropFirst()), purpose: .captions) }
        let args = try ArgumentReader(arguments, options: ["--language", "--model", "--alert", "--mute-sound", "--engine"],
                                      flags: ["--json", "--no-save", "--realtime", "--continue", "--no-speakers",
                                              "--no-sounds", "--notify"])
        guard args.positional.count == 1, let path = args.positional.first else {
            throw UsageError(args.positional.isEmpty
                ? tr("ל־caption צריך הקלטה: ozen caption קובץ.wav", "caption needs a recording: ozen caption FILE.wav")
                : tr("caption מקבל הקלטה אחת, קיבל \(args.positional.count)", "caption takes one recording, got \(args.positional.count)"))
        }
        let language = try args.spokenLanguage()
        let modelName = args.value("--model") ?? ChosenModel.name(in: OzenHome.fromEnvironment())
        let keywords = HerName.alertWords(args.values("--alert"), in: OzenHome.fromEnvironment())
        let json = args.flag("--json")
        let mutedHere = try SoundsCommand.kinds(args.values("--mute-sound"))

        let recognizerSettings = try tuning()

        let audio = try WAVDecoder().read(path: path)
        let home = OzenHome.fromEnvironment()
        let cloudProvider = try CaptionSetup.cloudProvider(args, home: home)
        let output = EventPrinter(json: json)
        output.print(.status(.loadingModel(name: modelName), at: 0))
        let models = try CaptionSetup.loadModels(modelName: modelName, home: home, recognizerSettings: recognizerSettings,
                                                 speakers: !args.flag("--no-speakers"))
        let sounds = args.flag("--no-sounds") ? nil : SoundsCommand.watchOrWarn(home: home, alsoMuted: mutedHere)
        let notifications = args.flag("--notify") ? CaptionNotifications { line in
            FileHandle.standardError.write(Data(("ozen: " + line + "\n").utf8))
        } : nil
        // The clock starts once everything is loaded: with --realtime the recording plays from then.
        // Without it the file is captioned on the steady clock, whose passes cost the same on any
        // machine under any load, so the same file gives the same lines on every run.
        let clock: any PipelineClock = args.flag("--realtime") ? RealTimeClock() : SteadyCostClock()
        let began = Date()
        let diagnostics = DiagnosticsSession(home: home, command: "caption", model: modelName)
        let cloud = cloudProvider.map {
            CloudFinalsRecognizer(local: models.recognizer, provider: $0) { [output] text in
                diagnostics.cloud(text)
                output.print(.status(.note(text), at: Date().timeIntervalSince(began)))
                if !json { FileHandle.standardError.write(Data(("ozen: " + text + "\n").utf8)) }
            }
        }
        let captioner = models.captioner(settings: try liveSettings(language: language, keywords: keywords), clock: clock, cloud: cloud)
        let recorder = args.flag("--no-save") ? nil : try CaptionSetup.startRecorder(home: home, continuing: args.flag("--continue"))
        try RecordingReplay.run(audio, through: captioner, clock: clock, listeners: sounds.map { [$0] } ?? []) { event in
            output.print(event)
            diagnostics.update(from: captioner, deliveredSeconds: nil, event: event)
            recorder?.record(event)
            notifications?.handle(event)
        }
        notifications?.close()
        CaptionSetup.reportCloud(cloud)
        diagnostics.cloudCounts(cloud?.linesByWhere)
        diagnostics.end()
        if let recorder {
            let unsaved = recorder.close()
            if !unsaved.isEmpty {
                throw HistoryNotSaved(lines: unsaved.count, path: HistoryStore.path(in: home))
            }
        }
    }


    /// `OZEN_AUDIO_CONTEXT_MARGIN` (encoder frames beyond the audio's own; 0 = Whisper's full
    /// 30 s window), `OZEN_THREADS` (CPU threads per pass) and `OZEN_LIVE_THREADS` (per live
    /// pass; half of those by default) exist for benchmarks and tuning.
    static func tuning() throws -> WhisperRecognizer.Settings {
        var settings = WhisperRecognizer.Settings.default
        if let raw = ProcessInfo.processInfo.environment["OZEN_AUDIO_CONTEXT_MARGIN"] {
            guard let margin = Int(raw), margin >= 0 else {
                throw UsageError(tr("OZEN_AUDIO_CONTEXT_MARGIN צריך להיות מספר שלם של מסגרות, 0 ומעלה, קיבל '\(raw)'", "OZEN_AUDIO_CONTEXT_MARGIN must be a whole number of frames ≥ 0, got '\(raw)'"))
            }
            settings.audioContextMargin = margin
        }
        if let threads = try wholeNumber("OZEN_THREADS", 1...64, ("מספר שלם", "a whole number")) { settings.threads = threads }
        if let threads = try wholeNumber("OZEN_LIVE_THREADS", 1...64, ("מספר שלם", "a whole number")) {
            settings.livePassThreads = threads
        }
        return settings
    }

    /// A whole-number knob from the environment, nil when unset; a usage error outside `range`.
    static func wholeNumber(_ name: String, _ range: ClosedRange<Int>, _ what: (he: String, en: String)) throws -> Int? {
        guard let raw = ProcessInfo.processInfo.environment[name] else { return nil }
        guard let value = Int(raw), range.contains(value) else {
            throw UsageError(tr("\(name) צריך להיות \(what.he) בין \(range.lowerBound) ל־\(range.upperBound), קיבל '\(raw)'",
                                "\(name) must be \(what.en) from \(range.lowerBound) to \(range.upperBound), got '\(raw)'"))
        }
        return value
    }

    /// `OZEN_PAUSE` (seconds of silence that end an utterance, whose final pass then runs),
    /// `OZEN_LINE_PAUSE` (seconds that end a line), `OZEN_PASS_GAP` and `OZEN_PASS_COST_FACTOR` (the
    /// least time between live passes, and the wait after one as a multiple of its cost), `OZEN_LEAD_IN` and `OZEN_TAIL` (audio an
    /// utterance keeps before its first and after its last voiced frame), `OZEN_FINAL_MARGIN` (encoder frames
    /// beyond the audio for final passes; 0 = the full 30 s window) and `OZEN_FINAL_BEAM` (the
    /// final pass's beam width) are the replay tool's knobs.
    static func liveSettings(language: SpokenLanguage, keywords: [String] = []) throws -> LiveSettings {
        var settings = LiveSettings(language: language)
        settings.keywords = keywords
        settings.wordsListPath = WordsList.path(in: OzenHome.fromEnvironment())
        let environment = ProcessInfo.processInfo.environment
        func seconds(_ name: String) throws -> Double? {
            guard let raw = environment[name] else { return nil }
            guard let value = Double(raw), value >= 0.1, value <= 5 else {
                throw UsageError(tr("\(name) צריך להיות שניות בין 0.1 ל־5, קיבל '\(raw)'", "\(name) must be seconds between 0.1 and 5, got '\(raw)'"))
            }
            return value
        }
        if let pause = try seconds("OZEN_PAUSE") { settings.cutter.pauseToClose = pause }
        if let pause = try seconds("OZEN_LINE_PAUSE") { settings.linePause = pause }
        if let quiet = try seconds("OZEN_FINAL_AFTER_QUIET") { settings.finalAfterQuiet = quiet }
        if let lead = try seconds("OZEN_LEAD_IN") { settings.cutter.leadIn = lead }
        if let tail = try seconds("OZEN_TAIL") { settings.cutter.tail = tail }
        if let gap = try seconds("OZEN_PASS_GAP") { settings.minimumPassGap = gap }
        if let raw = environment["OZEN_PASS_COST_FACTOR"] {
            guard let factor = Double(raw), factor >= 0, factor <= 10 else {
                throw UsageError(tr("OZEN_PASS_COST_FACTOR צריך להיות מספר בין 0 ל־10, קיבל '\(raw)'", "OZEN_PASS_COST_FACTOR must be a number from 0 to 10, got '\(raw)'"))
            }
            settings.passCostFactor = factor
        }
        if let margin = try wholeNumber("OZEN_FINAL_MARGIN", 0...1500, ("מספר מסגרות", "a number of frames")) {
            settings.finalAudioContextMargin = margin
        }
        if let beam = try wholeNumber("OZEN_FINAL_BEAM", 1...8, ("רוחב אלומה", "a beam width")) { settings.finalBeamSize = beam }
        return settings
    }
}

/// Lines that could not be written to the history before `ozen` had to stop.
struct HistoryNotSaved: Error, CustomStringConvertible {
    var lines: Int
    var path: String
    var description: String {
        tr("\(lines) שורות לא נשמרו בהיסטוריה \(path) — בדקו שיש מקום בדיסק ושהקובץ ניתן לכתיבה",
           "\(lines) lines could not be saved to the history \(path) — check the disk has space and the file is writable")
    }
}

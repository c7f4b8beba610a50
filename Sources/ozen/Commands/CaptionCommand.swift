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
    /// pass; half of those by default) exist for benchmarks and tuning (`Knob`, docs/settings.md).
    static func tuning(_ environment: OzenEnvironment = .current) throws -> WhisperRecognizer.Settings {
        var settings = WhisperRecognizer.Settings.default
        if let margin = try environment.audioContextMargin { settings.audioContextMargin = margin }
        if let threads = try environment.threads { settings.threads = threads }
        if let threads = try environment.liveThreads { settings.livePassThreads = threads }
        return settings
    }

    /// `OZEN_PAUSE` (seconds of silence that end an utterance, whose final pass then runs),
    /// `OZEN_LINE_PAUSE` (seconds that end a line), `OZEN_PASS_GAP` and `OZEN_PASS_COST_FACTOR` (the
    /// least time between live passes, and the wait after one as a multiple of its cost), `OZEN_LEAD_IN` and `OZEN_TAIL` (audio an
    /// utterance keeps before its first and after its last voiced frame), `OZEN_FINAL_MARGIN` (encoder frames
    /// beyond the audio for final passes; 0 = the full 30 s window) and `OZEN_FINAL_BEAM` (the
    /// final pass's beam width) are the replay tool's knobs.
    static func liveSettings(language: SpokenLanguage, keywords: [String] = [],
                             environment: OzenEnvironment = .current) throws -> LiveSettings {
        var settings = LiveSettings(language: language)
        settings.keywords = keywords
        settings.wordsListPath = WordsList.path(in: environment.home)
        if let pause = try environment.pause { settings.cutter.pauseToClose = pause }
        if let pause = try environment.linePause { settings.linePause = pause }
        if let quiet = try environment.finalAfterQuiet { settings.finalAfterQuiet = quiet }
        if let lead = try environment.leadIn { settings.cutter.leadIn = lead }
        if let tail = try environment.tail { settings.cutter.tail = tail }
        if let gap = try environment.passGap { settings.minimumPassGap = gap }
        if let factor = try environment.passCostFactor { settings.passCostFactor = factor }
        if let margin = try environment.finalMargin { settings.finalAudioContextMargin = margin }
        if let beam = try environment.finalBeam { settings.finalBeamSize = beam }
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

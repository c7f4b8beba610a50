import Foundation
import OzenEngines
import OzenIO
import OzenKit
import OzenSessions
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

        let recognizerSettings = try PipelineSettings.recognizer()

        let audio = try WAVDecoder().read(path: path)
        let home = OzenHome.fromEnvironment()
        let cloudProvider = try CaptionSetup.cloudProvider(engine: args.value("--engine"), home: home)
        let output = EventPrinter(json: json)
        output.print(.status(.loadingModel(name: modelName), at: 0))
        let models = try CaptionSetup.loadModels(modelName: modelName, home: home, recognizerSettings: recognizerSettings,
                                                 speakers: !args.flag("--no-speakers"))
        let sounds = args.flag("--no-sounds") ? nil : SoundAlerts.watchOrWarn(home: home, alsoMuted: mutedHere)
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
        let captioner = models.captioner(settings: try PipelineSettings.captions(language: language, keywords: keywords), clock: clock, cloud: cloud)
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
}

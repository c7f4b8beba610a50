import Foundation
import OzenKit
import OzenSessions

/// `ozen serve`: the caption display in a browser, and the home computer of the Ozen phone app
/// (`ServeSession`). This reads the arguments into `ServeSettings`, each refused as it is read,
/// and a microphone that is not there before any model loads.
enum ServeCommand {
    static func run(_ arguments: [String]) throws {
        let args = try ArgumentReader(arguments, options: ["--host", "--port", "--address", "--source", "--device", "--language", "--model", "--final-model", "--unload-after", "--engine",
                                                           "--alert", "--mute-sound", "--from", "--second-pass",
                                                           "--dictation-polish", "--dictation-insert", "--window-lines"],
                                      flags: ["--lan", "--realtime", "--json", "--no-save", "--no-speakers", "--no-sounds",
                                              "--notify", "--fallback-default", "--interpret", "--open", "--window"])
        guard args.positional.isEmpty else {
            throw UsageError(tr("serve לא מקבל ארגומנטים נוספים: \(args.positional.joined(separator: " "))",
                                "serve takes no further arguments: \(args.positional.joined(separator: " "))"))
        }
        let portText = args.value("--port") ?? String(ListenAddress.defaultPort)
        guard let port = Int(portText), (0...65535).contains(port) else {
            throw UsageError(tr("פורט צריך להיות מספר בין 0 ל־65535, קיבל '\(portText)'", "a port is a number from 0 to 65535, got '\(portText)'"))
        }
        // The phone app's pairing link names this address instead of this computer's own.
        let pairingAddress = try args.value("--address").map { text in
            guard args.flag("--lan") else {
                throw UsageError(tr("--address הולך עם --lan: בלעדיו האפליקציה לא יכולה להתחבר", "--address goes with --lan: without it the app cannot connect"))
            }
            do { return try PairingAddress(parsing: text) } catch {
                throw UsageError("--address: \(error)")
            }
        }
        let language = try args.spokenLanguage()
        if args.value("--source") != nil && args.value("--device") != nil {
            throw UsageError(tr("בחרו מקור אחד: --device או --source", "pick one source: --device or --source"))
        }
        let recording = try args.value("--source").map { try WAVDecoder().read(path: $0) }
        let mutedHere = try SoundsCommand.kinds(args.values("--mute-sound"))
        // --interpret: the own source's speech (Swedish unless --from says otherwise) shown in English.
        let interpreting: ServeSettings.Interpreting? = args.flag("--interpret")
            ? (try InterpretCommand.interpreterSettings(args), try InterpreterChoices.secondPass(args.value("--second-pass")))
            : nil
        // A microphone that is not there is her fix: said at once, before any model loads.
        var microphones: ListeningSources?
        if !args.values("--device").isEmpty {
            microphones = try ListeningSources.open(args.values("--device"), fallbackToDefault: args.flag("--fallback-default"),
                                                    widensForSounds: !args.flag("--no-sounds"))
        }
        let home = OzenHome.fromEnvironment()
        var settings = ServeSettings(address: ListenAddress(host: args.value("--host") ?? "127.0.0.1", port: port, lan: args.flag("--lan")),
                                     home: home, modelName: args.value("--model") ?? ChosenModel.name(in: home))
        settings.pairingAddress = pairingAddress
        if let recording { settings.source = .recording(recording) } else if let microphones { settings.source = .init(microphones) }
        settings.language = language
        settings.finalModelName = args.value("--final-model")
        settings.unloadAfterMinutes = try args.value("--unload-after").map { text in
            guard let minutes = Double(text), minutes > 0, minutes.isFinite else {
                throw UsageError(tr("--unload-after הוא מספר דקות גדול מאפס, קיבל '\(text)'", "--unload-after is a number of minutes above zero, got '\(text)'"))
            }
            if settings.hasOwnSource {
                throw UsageError(tr("--unload-after הוא לשרת בלי מקור משלו: המיקרופון או ההקלטה משתמשים במודל כל הזמן",
                                    "--unload-after is for a server without a source of its own: a microphone or recording uses the model all along"))
            }
            return minutes
        }
        settings.json = args.flag("--json")
        settings.opensPage = args.flag("--open")
        settings.opensWindow = args.flag("--window")
        settings.windowLines = try windowLines(args)
        settings.saves = !args.flag("--no-save")
        settings.speakers = !args.flag("--no-speakers")
        settings.alertWords = args.values("--alert")
        settings.sounds = !args.flag("--no-sounds")
        settings.mutedSounds = mutedHere
        settings.notifies = args.flag("--notify")
        settings.interpreting = interpreting
        settings.cloud = try CaptionSetup.cloudProvider(engine: args.value("--engine"), home: home)
        settings.dictationPolisher = try DictationRequest.polisher(args.value("--dictation-polish"), home: home)
        settings.dictationInsertion = try DictationRequest.insertion(args.value("--dictation-insert"))
        try ServeSession(settings: settings).run(to: EventPrinter(json: settings.json).print)
    }

    /// `--window-lines N` (1-4), which goes with `--window` (serve's and listen's).
    static func windowLines(_ args: ArgumentReader) throws -> Int? {
        try args.value("--window-lines").map { text in
            guard let lines = Int(text), CaptionWindowOptions.lineRange.contains(lines) else {
                throw UsageError(tr("--window-lines הוא מספר שורות מ־1 עד 4, קיבל '\(text)'", "--window-lines is a number of lines from 1 to 4, got '\(text)'"))
            }
            guard args.flag("--window") else {
                throw UsageError(tr("--window-lines הולך עם --window", "--window-lines goes with --window"))
            }
            return lines
        }
    }
}

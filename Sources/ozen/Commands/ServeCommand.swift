import Foundation
import OzenEngines
import OzenIO
import OzenKit
import OzenStore

/// `ozen serve`: the caption display in a browser, and the home computer of the Ozen phone app.
///
/// One process, one port: plain GETs get the display page, a WebSocket upgrade at "/" speaks
/// home protocol v1, and /api/ answers the page's history questions. It listens on 127.0.0.1
/// unless `--lan` is given; then every connection must bring the pairing token, which is
/// printed once, inside the address to open on the tablet. With `--source FILE` a recording
/// is captioned as if spoken now, for the display and the history (the replay tool).
enum ServeCommand {
    /// How long a stop waits for the caption pipelines to end: an abandoned stream stops within
    /// one step of its pass, and the microphone's last final pass takes 1–3 s on this 2-core
    /// machine with four streams running; tests give a stopped server 10 s before they kill it.
    static let pipelinesGrace = 8.0

    static func run(_ arguments: [String]) throws {
        let args = try ArgumentReader(arguments, options: ["--host", "--port", "--source", "--device", "--language", "--model", "--engine",
                                                           "--alert", "--mute-sound", "--from", "--second-pass",
                                                           "--dictation-polish", "--dictation-insert"],
                                      flags: ["--lan", "--realtime", "--json", "--no-save", "--no-speakers", "--no-sounds",
                                              "--notify", "--fallback-default", "--interpret"])
        guard args.positional.isEmpty else {
            throw UsageError(tr("serve לא מקבל ארגומנטים נוספים: \(args.positional.joined(separator: " "))",
                                "serve takes no further arguments: \(args.positional.joined(separator: " "))"))
        }
        let portText = args.value("--port") ?? String(ListenAddress.defaultPort)
        guard let port = Int(portText), (0...65535).contains(port) else {
            throw UsageError(tr("פורט צריך להיות מספר בין 0 ל־65535, קיבל '\(portText)'", "a port is a number from 0 to 65535, got '\(portText)'"))
        }
        let language = try args.spokenLanguage()
        if args.value("--source") != nil && args.value("--device") != nil {
            throw UsageError(tr("בחרו מקור אחד: --device או --source", "pick one source: --device or --source"))
        }
        let source = try args.value("--source").map { try WAVDecoder().read(path: $0) }
        let mutedHere = try SoundsCommand.kinds(args.values("--mute-sound"))
        // --interpret: the own source's speech (Swedish unless --from says otherwise) shown in English.
        let interpreting: (settings: InterpreterSettings, reviewer: (any SentenceReviewer)?)? = args.flag("--interpret")
            ? (try InterpretCommand.interpreterSettings(args), try args.value("--second-pass").map { url in
                do { return try SecondPassClient(baseURL: url) } catch {
                    throw UsageError(tr("--second-pass צריך כתובת http(s), קיבל '\(url)'", "--second-pass needs an http(s) address, got '\(url)'"))
                }
            })
            : nil
        // A microphone that is not there is her fix: said at once, before any model loads.
        var microphone: MicrophoneInput?
        if let device = args.value("--device") {
            var settings = MicrophoneInput.Settings.default
            settings.fallbackToDefault = args.flag("--fallback-default")
            do {
                microphone = try MicrophoneInput(choice: MicrophoneChoice(device), settings: settings)
            } catch {
                Exit.fail(.noInput, error.description)
            }
        }
        let address = ListenAddress(host: args.value("--host") ?? "127.0.0.1", port: port, lan: args.flag("--lan"))
        let home = OzenHome.fromEnvironment()
        let pairing = address.needsPairing ? try PairingToken.loadOrCreate(in: home) : nil
        let printer = EventPrinter(json: args.flag("--json"))

        let modelName = args.value("--model") ?? ChosenModel.name(in: OzenHome.fromEnvironment())
        let running = RunningCaptions.started(command: "ozen serve", model: modelName, in: home)
        defer { running.finished() }
        printer.print(.status(.loadingModel(name: modelName), at: 0))
        let engines = try CaptionEngines(home: home, modelName: modelName, speakersOn: !args.flag("--no-speakers"),
                                         keywords: args.values("--alert"), cloud: try CaptionSetup.cloudProvider(args, home: home))
        let display = DisplayHub()
        let hasOwnSource = source != nil || microphone != nil
        let recorder: ConversationRecorder? = args.flag("--no-save") || !hasOwnSource
            ? nil : try CaptionSetup.startRecorder(home: home, continuing: false)
        var star: (@Sendable (Int, Bool) -> Void)?
        if let recorder {
            star = { id, starred in
                recorder.star(lineID: id, starred: starred)
                display.star(lineID: id, starred: starred)
            }
        }
        let inbox = LiveAudioInbox()
        let speaking = SpeakingAloud(home: home) { inbox.setMuted($0) }
        let limits = ConnectionLimits.Settings()
        let threads = PipelineThreads()
        // The page's dictation panel: takes polished as `ozen dictate --polish` would, saved
        // unless --no-save, inserted at this computer's cursor when the page asks.
        let dictation = PageDictation(home: home, polisher: try DictateCommand.polisher(args.value("--dictation-polish")),
                                      saves: !args.flag("--no-save"), pairing: pairing,
                                      insertion: try DictateCommand.insertion(args.value("--dictation-insert")))
        let services = HomeSocket.Services(engines: engines, display: display, connections: HomeConnections(settings: limits),
                                           pairing: pairing, star: star, say: { speaking.say($0) }, dictation: dictation,
                                           threads: threads)
        var options = WebServer.Options(address: address, documentRoot: DisplayPage.folder())
        // Every WebSocket holds a thread: room for all the connections the limits let in, and
        // as many again for pages, history questions and connections not yet upgraded.
        options.threads = 2 * (limits.waiting + limits.greeted)
        let history = HistoryAPI(home: home, pairing: pairing)
        let transcriptions = TranscriptionAPI(recognizer: engines.recognizer, schedule: engines.schedule, pairing: pairing)
        let diagnostics = DiagnosticsAPI(home: home, pairing: pairing)
        let firstRun = FirstRunAPI(home: home, pairing: pairing)
        let models = ModelsAPI(home: home, pairing: pairing)
        let server = try WebServer(options: options, routes: [("/api/dictation/", { dictation.answer($0) }),
                                                              ("/api/diagnostics", { diagnostics.answer($0) }),
                                                              ("/api/first-run", { firstRun.answer($0) }),
                                                              ("/api/models", { models.answer($0) }),
                                                              ("/api/", { history.answer($0) }),
                                                              ("/v1/", { transcriptions.answer($0) })]) { peer, _ in
            HomeSocket(peer: peer, services: services)
        }
        announce(server: server, address: address, pairing: pairing)

        let stop = StopSignal()
        let replayStopped = PassCancellation()
        if hasOwnSource {
            let sounds = args.flag("--no-sounds") ? nil : SoundsCommand.watchOrWarn(home: home, alsoMuted: mutedHere)
            let notifications = args.flag("--notify") ? CaptionNotifications { line in
                FileHandle.standardError.write(Data(("ozen: " + line + "\n").utf8))
            } : nil
            let ownSource = OwnSource(engines: engines, language: language, printer: printer, recorder: recorder,
                                      display: display, notifications: notifications, listeners: sounds.map { [$0] } ?? [],
                                      interpreting: interpreting)
            let input = microphone
            threads.start(name: "ozen-serve-source") {
                if let source { ownSource.replay(source, until: replayStopped) } else if let input { ownSource.listen(input, inbox: inbox) }
            }
        }
        stop.wait()
        replayStopped.cancel()
        microphone?.stop()
        inbox.close()
        server.stop()
        // Closing the connections abandoned every client's stream; the microphone's open line
        // gets its final pass. Both end within a pass or two.
        let stillRunning = threads.waitUntilEnded(seconds: Self.pipelinesGrace)
        if stillRunning > 0 {
            FileHandle.standardError.write(Data(tr("ozen: \(stillRunning) צינורות כתוביות עדיין רצים אחרי \(Int(Self.pipelinesGrace)) שניות; יוצאים בלעדיהם\n",
                                                    "ozen: \(stillRunning) caption pipelines still running after \(Int(Self.pipelinesGrace)) s; stopping without them\n").utf8))
        }
        if let recorder {
            let unsaved = recorder.close()
            if !unsaved.isEmpty { throw HistoryNotSaved(lines: unsaved.count, path: HistoryStore.path(in: home)) }
        }
    }

    /// Where to open the display, on stderr (stdout carries the captions). With --lan the
    /// address carries the pairing token; it is printed here and nowhere else.
    static func announce(server: WebServer, address: ListenAddress, pairing: PairingToken?) {
        var lines: [String] = []
        if let pairing {
            // This computer's own address first (a browser here), then the network's (a tablet).
            let hosts = address.host == "0.0.0.0" ? ["127.0.0.1"] + NetworkAddresses.localNetwork() : [address.host]
            lines.append(tr("ozen: מקשיב ברשת המקומית. לצימוד טאבלט או טלפון פתחו:", "ozen: listening on the local network. To pair a tablet or phone, open:"))
            for host in hosts {
                lines.append("  http://\(host):\(server.port)/#token=\(pairing.value)")
            }
            lines.append(tr("ozen: קוד הצימוד (לאפליקציה): \(pairing.value)", "ozen: pairing token (for the app): \(pairing.value)"))
        } else {
            lines.append(tr("ozen: הכתוביות מוצגות ב־http://\(address.host):\(server.port)/ (רק במחשב הזה)",
                            "ozen: captions at http://\(address.host):\(server.port)/ (this computer only)"))
        }
        FileHandle.standardError.write(Data((lines.joined(separator: "\n") + "\n").utf8))
    }
}

/// Waits for Ctrl-C or SIGTERM, so `serve` can close its history and stop cleanly.
final class StopSignal: @unchecked Sendable {
    private let semaphore = DispatchSemaphore(value: 0)
    private var sources: [any DispatchSourceSignal] = []

    init() {
        for number in [SIGINT, SIGTERM] {
            signal(number, SIG_IGN)
            let source = DispatchSource.makeSignalSource(signal: number, queue: .global())
            source.setEventHandler { [semaphore] in semaphore.signal() }
            source.resume()
            sources.append(source)
        }
    }

    func wait() { semaphore.wait() }
}

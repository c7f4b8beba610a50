import Foundation
import OzenEngines
import OzenIO
import OzenKit
import OzenStore

/// `ozen serve`'s session: the caption display in a browser, and the home computer of the Ozen
/// phone app, run from one `ServeSettings` until Ctrl-C or SIGTERM.
///
/// One process, one port: plain GETs get the display page, a WebSocket upgrade at "/" speaks
/// home protocol v1, and /api/ answers the page's history questions. It listens on 127.0.0.1
/// unless `--lan` is given; then every connection must bring the pairing token, which is
/// printed once, inside the address to open on the tablet. With a recording as its source it
/// is captioned as if spoken now, for the display and the history (the replay tool).
public struct ServeSession {
    /// How long a stop waits for the caption pipelines to end: an abandoned stream stops within
    /// one step of its pass, and the microphone's last final pass takes 1–3 s on this 2-core
    /// machine with four streams running; tests give a stopped server 10 s before they kill it.
    static let pipelinesGrace = 8.0

    public let settings: ServeSettings

    public init(settings: ServeSettings) {
        self.settings = settings
    }

    /// Serves until stopped; then the pipelines end and the history closes. The events of its
    /// own source (a microphone or a recording), and its first status, go to `sink`.
    public func run(to sink: @escaping @Sendable (CaptionEvent) -> Void) throws {
        let settings = self.settings
        let address = settings.address
        let home = settings.home
        let pairing = address.needsPairing ? try PairingToken.loadOrCreate(in: home) : nil

        let modelName = settings.modelName
        let running = RunningCaptions.started(command: "ozen serve", model: modelName, in: home)
        defer { running.finished() }
        sink(.status(.loadingModel(name: modelName), at: 0))
        let engines = try CaptionEngines(home: home, modelName: modelName, finalModelName: settings.finalModelName, speakersOn: settings.speakers,
                                         keywords: settings.alertWords, cloud: settings.cloud,
                                         unloadAfter: settings.unloadAfterMinutes.map { $0 * 60 })
        let display = DisplayHub()
        let hasOwnSource = settings.hasOwnSource
        let recorder: ConversationRecorder? = !settings.saves || !hasOwnSource
            ? nil : try CaptionSetup.startRecorder(home: home, continuing: false)
        var star: (@Sendable (Int, Bool) -> Void)?
        if let recorder {
            star = { id, starred in
                recorder.star(lineID: id, starred: starred)
                display.star(lineID: id, starred: starred)
            }
        }
        // The own source's audio (the room's, with two sources) and the call's: muted while this
        // computer speaks aloud, which the call's output would play too.
        let inbox = LiveAudioInbox(), callInbox = LiveAudioInbox()
        let speaking = SpeakingAloud(home: home) { inbox.setMuted($0); callInbox.setMuted($0) }
        let limits = ConnectionLimits.Settings()
        let threads = PipelineThreads()
        // The page's dictation panel: takes polished as `ozen dictate --polish` would, saved
        // unless --no-save, inserted at this computer's cursor when the page asks.
        let dictation = PageDictation(home: home, polisher: settings.dictationPolisher,
                                      saves: settings.saves, pairing: pairing,
                                      insertion: settings.dictationInsertion)
        let services = HomeSocket.Services(engines: engines, display: display, connections: HomeConnections(settings: limits),
                                           pairing: pairing, star: star, say: { speaking.say($0) }, dictation: dictation,
                                           threads: threads, reports: AppReports(home: home))
        var options = WebServer.Options(address: address, documentRoot: DisplayPage.folder())
        // Every WebSocket holds a thread: room for all the connections the limits let in, and
        // as many again for pages, history questions and connections not yet upgraded.
        options.threads = 2 * (limits.waiting + limits.greeted)
        let history = HistoryAPI(home: home, pairing: pairing)
        let transcriptions = TranscriptionAPI(recognizer: engines.recognizer, schedule: engines.schedule, pairing: pairing)
        let diagnostics = DiagnosticsAPI(home: home, pairing: pairing)
        let firstRun = FirstRunAPI(home: home, pairing: pairing)
        let models = ModelsAPI(home: home, pairing: pairing)
        let reports = ReportsAPI(reports: AppReports(home: home), pairing: pairing)
        // Settings' "Teach a sound": takes from the room's microphone when the server has one.
        var hearsOwnMicrophone = false
        switch settings.source {
        case .microphone, .roomAndCall: hearsOwnMicrophone = true
        case .recording, .none: break
        }
        let teaching = PageSoundTeaching(home: home, hearsOwnMicrophone: hearsOwnMicrophone)
        let sounds = SoundsAPI(teaching: teaching, pairing: pairing)
        let invitation = PairingInvitationBox()
        let pairingQR = PairingQRAPI(invitation: invitation, pairing: pairing)
        let server = try WebServer(options: options, routes: [("/api/dictation/", { dictation.answer($0) }),
                                                              ("/api/diagnostics", { diagnostics.answer($0) }),
                                                              ("/api/first-run", { firstRun.answer($0) }),
                                                              ("/api/models", { models.answer($0) }),
                                                              ("/api/reports", { reports.answer($0) }),
                                                              ("/api/sounds", { sounds.answer($0) }),
                                                              ("/api/pairing/", { pairingQR.answer($0) }),
                                                              ("/api/", { history.answer($0) }),
                                                              ("/v1/", { transcriptions.answer($0) })]) { peer, _ in
            HomeSocket(peer: peer, services: services)
        }
        if let pairing, let linkAddress = PairingInvitation.address(given: settings.pairingAddress, listening: address, port: server.port) {
            invitation.set(try PairingInvitation(address: linkAddress, token: pairing))
        }
        Self.announce(server: server, address: address, pairing: pairing, invitation: invitation.current)
        // The page as this computer opens it (a browser window, the caption window).
        let ownPage = "http://\(address.host == "0.0.0.0" ? "127.0.0.1" : address.host):\(server.port)/"
            + (pairing.map { "#token=" + $0.value } ?? "")
        if settings.opensPage { PageWindowOpening.open(url: ownPage) }
        let window = settings.opensWindow ? CaptionWindowOpening(page: ownPage, lines: settings.windowLines) : nil

        let stop = StopSignal()
        let replayStopped = PassCancellation()
        var microphones: [MicrophoneInput] = []
        if case .microphone(let input) = settings.source { microphones = [input] }
        if case .roomAndCall(let room, let call) = settings.source { microphones = [room, call] }
        if hasOwnSource {
            let hearsSounds = settings.sounds, muted = settings.mutedSounds
            let sounds: @Sendable () -> [any AudioListener] = {
                let watch = hearsSounds ? SoundAlerts.watchOrWarn(home: home, alsoMuted: muted) : nil
                return (watch.map { [$0] } ?? []) + [SoundTeachingTap(teaching: teaching, watch: watch)]
            }
            let notifications = settings.notifies ? CaptionNotifications { line in
                FileHandle.standardError.write(Data(("ozen: " + line + "\n").utf8))
            } : nil
            let ownSource = OwnSource(engines: engines, language: settings.language, output: sink, recorder: recorder,
                                      display: display, notifications: notifications,
                                      sounds: sounds,
                                      interpreting: settings.interpreting)
            let source = settings.source
            threads.start(name: "ozen-serve-source") {
                switch source {
                case .recording(let recording): ownSource.replay(recording, until: replayStopped)
                case .microphone(let input): ownSource.listen(input, inbox: inbox)
                case .roomAndCall(let room, let call): ownSource.listen(room: room, call: call, inboxes: (inbox, callInbox))
                case .none: break
                }
            }
        }
        stop.wait()
        window?.close()
        replayStopped.cancel()
        for microphone in microphones { microphone.stop() }
        inbox.close()
        callInbox.close()
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
    /// address carries the pairing token, and so do the phone app's pairing link and its QR
    /// code below it; they are printed here and nowhere else.
    static func announce(server: WebServer, address: ListenAddress, pairing: PairingToken?, invitation: PairingInvitation?) {
        var lines: [String] = []
        if let pairing {
            // This computer's own address first (a browser here), then the network's (a tablet).
            let hosts = address.host == "0.0.0.0" ? ["127.0.0.1"] + NetworkAddresses.localNetwork() : [address.host]
            lines.append(tr("ozen: מקשיב ברשת המקומית. לצימוד טאבלט או טלפון פתחו:", "ozen: listening on the local network. To pair a tablet or phone, open:"))
            for host in hosts {
                lines.append("  http://\(host):\(server.port)/#token=\(pairing.value)")
            }
            lines.append(tr("ozen: קוד הצימוד (לאפליקציה): \(pairing.value)", "ozen: pairing token (for the app): \(pairing.value)"))
            if let invitation {
                lines += invitation.terminalLines(colours: isatty(STDERR_FILENO) == 1)
            } else {
                lines.append(tr("ozen: אין למחשב הזה כתובת פרטית שהאפליקציה מקבלת ב־ws://, ולכן אין קוד QR; תנו --address wss://NAME או ws://IP:PORT",
                                "ozen: this computer has no private address the app takes over ws://, so no QR code; give --address wss://NAME or ws://IP:PORT"))
            }
        } else {
            lines.append(tr("ozen: הכתוביות מוצגות ב־http://\(address.host):\(server.port)/ (רק במחשב הזה)",
                            "ozen: captions at http://\(address.host):\(server.port)/ (this computer only)"))
        }
        FileHandle.standardError.write(Data((lines.joined(separator: "\n") + "\n").utf8))
    }
}

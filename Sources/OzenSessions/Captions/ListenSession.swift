import Foundation
import OzenEngines
import OzenIO
import OzenKit
import OzenStore

/// `ozen listen`'s session: live captions from one microphone, from one `CaptionSettings`,
/// kept going when the microphone fails, falls silent or is unplugged and plugged back in.
/// Ctrl-C ends it after the open line's final pass. Its events go to the caller's sink (the
/// command's prints them), the history and the notifications; the microphone's own news goes
/// to the diagnostics too.
public struct ListenSession {
    public let settings: CaptionSettings

    public init(settings: CaptionSettings) {
        self.settings = settings
    }

    /// Captions `microphone` until Ctrl-C or SIGTERM, or until the microphone gives up; then
    /// the history closes. A microphone that cannot start or gave up is a `MicrophoneProblem`.
    public func run(_ microphone: MicrophoneInput, to sink: @escaping @Sendable (CaptionEvent) -> Void) throws {
        let settings = self.settings
        let home = settings.home
        let running = RunningCaptions.started(command: "ozen listen", model: settings.modelName, in: home)
        defer { running.finished() }
        let output = EventFanOut([sink])
        output.send(.status(.loadingModel(name: settings.modelName), at: 0))
        let models = try CaptionSetup.loadModels(modelName: settings.modelName, finalModelName: settings.finalModelName, home: home, recognizerSettings: settings.recognizer,
                                                 speakers: settings.speakers)
        let clock = RealTimeClock()
        let began = Date()
        let diagnostics = DiagnosticsSession(home: home, command: "listen", model: settings.modelName)
        let cloud = settings.cloud.map {
            CloudFinalsRecognizer(local: models.pipelineRecognizer, provider: $0) { text in
                output.send(.status(.note(text), at: Date().timeIntervalSince(began)))
                diagnostics.cloud(text)
            }
        }
        let captioner = models.captioner(settings: settings.live, clock: clock, cloud: cloud)
        // Sounds are heard on all of the microphone's audio, voice or not.
        let sounds = settings.sounds ? SoundAlerts.watchOrWarn(home: home, alsoMuted: settings.mutedSounds) : nil
        let notifications = settings.notifies ? CaptionNotifications { line in
            FileHandle.standardError.write(Data(("ozen: " + line + "\n").utf8))
        } : nil
        let recorder = settings.saves ? try CaptionSetup.startRecorder(home: home, continuing: settings.continuing) : nil
        if let recorder { output.add { recorder.record($0) } }
        if let notifications { output.add { notifications.handle($0) } }

        let inbox = LiveAudioInbox()
        let gaveUp = GaveUp()
        do {
            try microphone.start(into: inbox) { [microphone] status in
                output.send(.status(status, at: microphone.deliveredSeconds))
                diagnostics.microphone(status)
                if case .failed(let reason, let action) = status {
                    gaveUp.set(MicrophoneProblem(reason: reason, action: action))
                    inbox.close()
                }
            }
        } catch {
            throw MicrophoneProblem(reason: error.description, action: "")
        }
        let signals = StopSignals { microphone.stop(); inbox.close() }
        let corrector = models.corrector(settings: settings.live, clock: clock, inline: false, cloud: cloud != nil)
        let followers: [any CaptionFollower] = corrector.map { [$0] } ?? []
        let listeners: [any AudioListener] = (sounds.map { [$0] } ?? []) + followers
        try LiveStream.run(inbox, through: captioner, listeners: listeners) { event in
            let deliver = { (event: CaptionEvent) in
                output.send(event)
                diagnostics.update(from: captioner, deliveredSeconds: microphone.deliveredSeconds, event: event)
            }
            CaptionFollowing.send(event, through: followers, emit: deliver)
        }
        diagnostics.cloudCounts(cloud?.linesByWhere)
        diagnostics.end()
        microphone.stop()
        notifications?.close()
        CaptionSetup.reportCloud(cloud)
        _ = signals
        if let recorder {
            let unsaved = recorder.close()
            if !unsaved.isEmpty { throw HistoryNotSaved(lines: unsaved.count, path: HistoryStore.path(in: home)) }
        }
        if let problem = gaveUp.value { throw problem }
    }
}

/// The microphone's last word, once it gave up, kept for the end of the session.
private final class GaveUp: @unchecked Sendable {
    private let lock = NSLock()
    private var stored: MicrophoneProblem?
    func set(_ problem: MicrophoneProblem) { lock.withLock { stored = problem } }
    var value: MicrophoneProblem? { lock.withLock { stored } }
}

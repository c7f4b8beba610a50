import Foundation
import OzenEngines
import OzenIO
import OzenKit
import OzenStore

/// `ozen caption FILE`'s session: a recording captioned from one `CaptionSettings`, its
/// events sent to the caller's sink (the command's: the terminal, as lines or JSON events;
/// a test's: a list it checks), and to the diagnostics, the history and the notifications
/// as the settings ask.
public struct CaptionSession {
    public let settings: CaptionSettings

    public init(settings: CaptionSettings) {
        self.settings = settings
    }

    /// Captions `audio` to its end, every event to `sink` as it comes, then closes the history.
    public func run(_ audio: MonoAudio, to sink: @escaping @Sendable (CaptionEvent) -> Void) throws {
        let settings = self.settings
        let home = settings.home
        let json = settings.json
        sink(.status(.loadingModel(name: settings.modelName), at: 0))
        let models = try CaptionSetup.loadModels(modelName: settings.modelName, finalModelName: settings.finalModelName, home: home, recognizerSettings: settings.recognizer,
                                                 speakers: settings.speakers)
        let sounds = settings.sounds ? SoundAlerts.watchOrWarn(home: home, alsoMuted: settings.mutedSounds) : nil
        let notifications = settings.notifies ? CaptionNotifications { line in
            FileHandle.standardError.write(Data(("ozen: " + line + "\n").utf8))
        } : nil
        // The clock starts once everything is loaded: with --realtime the recording plays from then.
        // Without it the file is captioned on the steady clock, whose passes cost the same on any
        // machine under any load, so the same file gives the same lines on every run.
        let clock: any PipelineClock = settings.realtime ? RealTimeClock() : SteadyCostClock()
        let began = Date()
        let diagnostics = DiagnosticsSession(home: home, command: "caption", model: settings.modelName)
        let cloud = settings.cloud.map {
            CloudFinalsRecognizer(local: models.pipelineRecognizer, provider: $0) { [sink] text in
                diagnostics.cloud(text)
                sink(.status(.note(text), at: Date().timeIntervalSince(began)))
                if !json { FileHandle.standardError.write(Data(("ozen: " + text + "\n").utf8)) }
            }
        }
        let captioner = models.captioner(settings: settings.live, clock: clock, cloud: cloud)
        let recorder = settings.saves ? try CaptionSetup.startRecorder(home: home, continuing: settings.continuing) : nil
        let events = EventFanOut([sink, { diagnostics.update(from: captioner, deliveredSeconds: nil, event: $0) }])
        if let recorder { events.add { recorder.record($0) } }
        if let notifications { events.add { notifications.handle($0) } }
        let corrector = models.corrector(settings: settings.live, clock: clock, inline: !settings.realtime, cloud: cloud != nil)
        let followers: [any CaptionFollower] = corrector.map { [$0] } ?? []
        let listeners: [any AudioListener] = (sounds.map { [$0] } ?? []) + followers
        try RecordingReplay.run(audio, through: captioner, clock: clock, listeners: listeners) { event in
            CaptionFollowing.send(event, through: followers, emit: events.send)
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

import Foundation
import OzenEngines
import OzenIO
import OzenKit
import OzenStore

/// What every caption session sets up around its pipeline, whatever the audio comes from (a
/// recording, a microphone, what the computer plays): the pipeline from `PipelineBuilder`, with
/// cloud captions wrapped around its passes when asked; the sound alerts, notifications and
/// history; the corrections that follow its lines; the diagnostics; and the close that says
/// what could not be saved. A session adds only its source: `CaptionSession` replays a
/// recording through `captioner`, `ListenSession` streams a live source into it.
final class CaptionRun {
    /// One source's live pipeline: its captioner, the corrections that follow its lines, and
    /// what hears its audio beside it.
    struct Pipeline {
        let captioner: LiveCaptioner
        let followers: [any CaptionFollower]
        let listeners: [any AudioListener]
    }

    let captioner: LiveCaptioner
    let clock: any PipelineClock
    /// Every event the session emits goes out here: the caller's sink, the history, the notifications.
    let output: EventFanOut
    let diagnostics: DiagnosticsSession
    /// What hears all of the audio beside the pipeline: the sound alerts and the corrections.
    let listeners: [any AudioListener]
    private let followers: [any CaptionFollower]
    private let cloud: CloudFinalsRecognizer?
    private let notifications: CaptionNotifications?
    private let recorder: ConversationRecorder?
    private let home: OzenHome
    private let models: PipelineBuilder
    private let live: LiveSettings
    private let inline: Bool

    /// Loads the models and builds everything; `clock` is made once they are loaded, so real
    /// time starts when the pipeline can run. `inline`: corrections run line by line (a file
    /// replay on the steady clock, the same lines every run).
    init(settings: CaptionSettings, command: String, inline: Bool, clock makeClock: () -> any PipelineClock,
         to sink: @escaping @Sendable (CaptionEvent) -> Void) throws {
        home = settings.home
        let output = EventFanOut([sink])
        self.output = output
        output.send(.status(.loadingModel(name: settings.modelName), at: 0))
        let models = try PipelineBuilder(home: home, models: .init(live: settings.modelName, final: settings.finalModelName,
                                                                   recognizer: settings.recognizer, speakers: settings.speakers))
        notifications = settings.notifies ? CaptionNotifications { line in
            FileHandle.standardError.write(Data(("ozen: " + line + "\n").utf8))
        } : nil
        self.models = models
        live = settings.live
        self.inline = inline
        let clock = makeClock()
        self.clock = clock
        let began = Date()
        let diagnostics = DiagnosticsSession(home: home, command: command, model: settings.modelName)
        self.diagnostics = diagnostics
        cloud = settings.cloud.map {
            CloudFinalsRecognizer(local: models.passes, provider: $0, names: settings.live.keywords) { text in
                diagnostics.cloud(text)
                output.send(.status(.note(text), at: Date().timeIntervalSince(began)))
            }
        }
        captioner = try models.captioner(settings: settings.live, clock: clock, through: cloud)
        recorder = settings.saves ? try CaptionSetup.startRecorder(home: home, continuing: settings.continuing) : nil
        if let recorder { output.add { recorder.record($0) } }
        if let notifications { output.add { notifications.handle($0) } }
        let corrector = models.corrector(settings: settings.live, clock: clock, inline: inline, cloud: cloud != nil)
        followers = corrector.map { [$0] } ?? []
        listeners = Self.alerts(settings, inline: inline, output: output) + followers
    }

    /// The sound alerts as the pipeline's listeners, hearing all of the audio, voice or not:
    /// live, on a thread of their own, so an alert never waits behind a Whisper pass; a file on
    /// the steady clock hears them inline.
    private static func alerts(_ settings: CaptionSettings, inline: Bool, output: EventFanOut) -> [any AudioListener] {
        guard settings.sounds else { return [] }
        let home = settings.home, muted = settings.mutedSounds
        let watch: @Sendable () -> [any AudioListener] = { SoundAlerts.watchOrWarn(home: home, alsoMuted: muted).map { [$0] } ?? [] }
        return inline ? watch() : [ListenersOnTheirOwnThread(send: { output.send($0) }, making: watch)]
    }

    /// The first source's pipeline, built with the run.
    var pipeline: Pipeline { Pipeline(captioner: captioner, followers: followers, listeners: listeners) }

    /// A second source's pipeline on the same models (the call beside the room): its own voice
    /// activity, speakers and corrections, through the same cloud when there is one; the sound
    /// alerts stay with the first source, the room.
    func secondPipeline() throws -> Pipeline {
        let captioner = try models.captioner(settings: live, clock: clock, through: cloud)
        let followers: [any CaptionFollower] = models.corrector(settings: live, clock: clock, inline: inline, cloud: cloud != nil).map { [$0] } ?? []
        return Pipeline(captioner: captioner, followers: followers, listeners: followers)
    }

    /// One event of the pipeline: through the corrections, then out, and into the diagnostics
    /// (`deliveredSeconds`: how much audio a live source has sent so far).
    func deliver(_ event: CaptionEvent, deliveredSeconds: Double? = nil) {
        let output = self.output, diagnostics = self.diagnostics, captioner = self.captioner
        CaptionFollowing.send(event, through: followers) { event in
            output.send(event)
            diagnostics.update(from: captioner, deliveredSeconds: deliveredSeconds, event: event)
        }
    }

    /// After the last event: the notifications close, the cloud's count is said, the
    /// diagnostics end, and the history closes; lines it could not save are `HistoryNotSaved`.
    func finish() throws {
        notifications?.close()
        CaptionSetup.reportCloud(cloud)
        diagnostics.cloudCounts(cloud?.linesByWhere)
        diagnostics.end()
        if let recorder {
            let unsaved = recorder.close()
            if !unsaved.isEmpty { throw HistoryNotSaved(lines: unsaved.count, path: HistoryStore.path(in: home)) }
        }
    }
}

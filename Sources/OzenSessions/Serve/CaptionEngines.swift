import Foundation
import OzenEngines
import OzenIO
import OzenKit

/// What every caption stream of `ozen serve` (and `ozen bench serve`) shares: the models, loaded once by one
/// `PipelineBuilder` (their passes take turns by `RecognizerSchedule`), and the settings. Each stream gets its own
/// voice-activity state and its own speakers, since those follow one conversation.
public final class CaptionEngines: Sendable {
    /// The models every stream shares, and what builds each stream's pipeline.
    public let builder: PipelineBuilder
    public var modelName: String { builder.models.live }
    /// The Whisper model, loaded at start; with `unloadAfter`, freed after idle minutes and
    /// loaded again at the next decode (`IdleUnloadingRecognizer`).
    public var recognizer: any SpeechRecognizer { builder.recognizer }
    /// The model that hears whole sentences again: the final model when there is one.
    public var strongest: any SpeechRecognizer { builder.strongest }
    let home: OzenHome
    let keywords: [String]
    /// Cloud captions' provider (`--engine cloud`): each stream's closed lines also go there.
    let cloud: ProviderSettings?
    /// Where cloud captions' notes go besides stderr: the diagnostics' incidents.
    let incidents: IncidentLog
    /// Who decodes next, across every stream of the process.
    public let schedule: RecognizerSchedule = {
        var settings = RecognizerSchedule.Settings()
        // The benchmark's baseline: live passes that run out while finals wait, as before.
        if OzenEnvironment.current.livePassesHold { settings.livePassesYieldToFinals = false }
        return RecognizerSchedule(settings: settings)
    }()

    /// `unloadAfter`: seconds without a decode after which the Whisper models are freed
    /// (`ozen serve --unload-after MINUTES`); nil keeps them loaded.
    public init(home: OzenHome, modelName: String, finalModelName: String? = nil, speakersOn: Bool, keywords: [String],
                cloud: ProviderSettings? = nil, unloadAfter: Double? = nil) throws {
        self.home = home
        self.cloud = cloud
        incidents = IncidentLog(home: home)
        self.keywords = keywords
        builder = try PipelineBuilder(home: home, models: .init(live: modelName, final: finalModelName, recognizer: try Self.tuning(),
                                                                speakers: speakersOn, unloadAfter: unloadAfter))
    }

    /// The recognizer's settings, allowing the two passes side by side that the schedule
    /// runs while streams share it.
    static func tuning() throws -> WhisperRecognizer.Settings {
        var settings = try PipelineSettings.recognizer()
        settings.concurrentDecodes = RecognizerSchedule.Settings().passesAtOnce
        return settings
    }

    /// What hears each locked line of a stream again with the final model's full window and
    /// corrects it in place (`LineCorrector`), outside the schedule and at the lowest priority,
    /// so the streams' own passes come first; nil when corrections are off or with cloud
    /// captions (their finals come from the stronger model already).
    public func corrector(language: SpokenLanguage, clock: any PipelineClock, settings: LiveSettings? = nil,
                          cloud useCloud: Bool = true) throws -> LineCorrector? {
        builder.corrector(settings: try settings ?? PipelineSettings.captions(language: language), clock: clock, inline: false,
                          cloud: useCloud && cloud != nil)
    }

    /// A pipeline for one stream of live audio, on real time, its passes taking their turn on
    /// the shared recognizer (`stream`, from `schedule.join`); with cloud captions on (and
    /// `cloud`), its closed lines also go to the cloud. `finalBeam` (a client's `beam`) replaces
    /// the settings' final-pass beam for this stream only.
    public func captioner(language: SpokenLanguage, stream: RecognizerSchedule.Stream, clock: any PipelineClock = RealTimeClock(),
                   settings: LiveSettings? = nil, finalBeam: Int? = nil, cloud useCloud: Bool = true) throws -> LiveCaptioner {
        let scheduled = ScheduledRecognizer(base: builder.passes, schedule: schedule, stream: stream)
        let incidents = self.incidents
        var chosen = try settings ?? PipelineSettings.captions(language: language, keywords: HerName.alertWords(keywords, in: home))
        if let finalBeam { chosen.finalBeamSize = finalBeam }
        let passes: any SpeechRecognizer = cloud.flatMap { provider in useCloud ? provider : nil }.map { provider in
            CloudFinalsRecognizer(local: scheduled, provider: provider, names: chosen.keywords) { text in
                FileHandle.standardError.write(Data(("ozen: " + text + "\n").utf8))
                incidents.record(Incident(kind: text == CloudFallback.Note.back.text ? .recovery : .retry, source: "cloud", text: text))
            }
        } ?? scheduled
        return try builder.captioner(settings: chosen, clock: clock, through: passes)
    }
}

import Foundation
import OzenEngines
import OzenIO
import OzenKit

/// What every caption stream of `ozen serve` (and `ozen bench serve`) shares: the Whisper model, loaded once (its
/// passes take turns by `RecognizerSchedule`), and the settings. Each stream gets its own voice-activity state and
/// its own speakers, since those follow one conversation.
public final class CaptionEngines: @unchecked Sendable {
    let home: OzenHome
    public let modelName: String
    /// The Whisper model, loaded at start; with `unloadAfter`, freed after idle minutes and
    /// loaded again at the next decode (`IdleUnloadingRecognizer`).
    public let recognizer: any SpeechRecognizer
    /// The model of each line's final pass (`--final-model`); nil: `recognizer` does both.
    public let finalRecognizer: (any SpeechRecognizer)?
    /// What every stream decodes with: the one model, or live and final (`FinalModelRecognizer`).
    var passes: any SpeechRecognizer { FinalModelRecognizer.pairing(live: recognizer, final: finalRecognizer) }
    let voiceModel: InstalledModel
    /// Silero's threshold, `OZEN_VAD_THRESHOLD` as for `ozen caption` (read once, at start).
    let voiceThreshold: Float
    let speakersOn: Bool
    let speakerEngines: SpeakerSupport.Engines?
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
        self.modelName = modelName
        self.speakersOn = speakersOn
        self.keywords = keywords
        let tuning = try Self.tuning()
        func load(_ name: String) throws -> any SpeechRecognizer {
            let model = try InstalledModel.load(name, in: home)
            guard let unloadAfter else { return try WhisperRecognizer(model: model, settings: tuning) }
            // What a freed model held goes back to the system, as when the last stream ends.
            return try IdleUnloadingRecognizer(model: model, settings: tuning, idleSeconds: unloadAfter) { FreedMemory.giveBack() }
        }
        recognizer = try load(modelName)
        finalRecognizer = try finalModelName.map(load)
        if let finalModelName, let warning = PairCalibration.warning(live: modelName, final: finalModelName, home: home) {
            FileHandle.standardError.write(Data((warning + "\n").utf8))
        }
        voiceModel = try InstalledModel.load("silero-vad", in: home)
        voiceThreshold = try CaptionSetup.voiceThreshold()
        // Loaded once for every stream: loading them per stream took seconds of CPU as four
        // phones connected together, and their first lines came 8–10 s late.
        speakerEngines = speakersOn ? try SpeakerSupport.engines(home: home) : nil
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
        let chosen = try settings ?? PipelineSettings.captions(language: language)
        guard chosen.corrections.enabled, !(useCloud && cloud != nil) else { return nil }
        return LineCorrector(recognizer: finalRecognizer ?? recognizer, language: language, uncertainBelow: chosen.uncertainBelow,
                             settings: chosen.corrections, clock: clock, inline: false)
    }

    /// A pipeline for one stream of live audio, on real time, its passes taking their turn on
    /// the shared recognizer (`stream`, from `schedule.join`); with cloud captions on (and
    /// `cloud`), its closed lines also go to the cloud. `finalBeam` (a client's `beam`) replaces
    /// the settings' final-pass beam for this stream only.
    public func captioner(language: SpokenLanguage, stream: RecognizerSchedule.Stream, clock: any PipelineClock = RealTimeClock(),
                   settings: LiveSettings? = nil, finalBeam: Int? = nil, cloud useCloud: Bool = true) throws -> LiveCaptioner {
        let scheduled = ScheduledRecognizer(base: passes, schedule: schedule, stream: stream)
        let incidents = self.incidents
        let passes: any SpeechRecognizer = cloud.flatMap { provider in useCloud ? provider : nil }.map { provider in
            CloudFinalsRecognizer(local: scheduled, provider: provider) { text in
                FileHandle.standardError.write(Data(("ozen: " + text + "\n").utf8))
                incidents.record(Incident(kind: text == CloudFallback.Note.back.text ? .recovery : .retry, source: "cloud", text: text))
            }
        } ?? scheduled
        var chosen = try settings ?? PipelineSettings.captions(language: language, keywords: HerName.alertWords(keywords, in: home))
        if let finalBeam { chosen.finalBeamSize = finalBeam }
        return LiveCaptioner(classifier: try SileroFrameClassifier(model: voiceModel, threshold: voiceThreshold),
                      recognizer: passes,
                      settings: chosen, clock: clock,
                      speakers: try speakerEngines.map { try SpeakerSupport.lineSpeakers(home: home, engines: $0) })
    }
}

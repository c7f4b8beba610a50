import Foundation
import OzenEngines
import OzenIO
import OzenKit

/// The one place that turns settings into caption pipelines: the installed models loaded once
/// (the live Whisper model, the final pass's when `--final-model` names one, Silero, the
/// speaker models), and for each stream of audio a `LiveCaptioner` of its own (voice activity
/// and speakers follow one conversation) over the shared models, with the cloud and a
/// schedule wrapped around its passes when asked, and the `LineCorrector` that hears its
/// locked lines again. `caption`, `listen`, `interpret`, `dictate`, `serve` and the benches all
/// build theirs here, so a new source of audio needs no pipeline code of its own.
public final class PipelineBuilder: Sendable {
    /// Which models to load, and how.
    public struct Models: Sendable {
        /// The live model (`--model`).
        public var live: String
        /// The final pass's model (`--final-model`); nil: the live model does both. The same
        /// name loads a second copy, so the two-model path runs with one model installed.
        public var final: String?
        public var recognizer: WhisperRecognizer.Settings
        /// Load the speaker models (`--no-speakers` leaves them out).
        public var speakers: Bool
        /// Seconds without a decode after which the Whisper models are freed and loaded again
        /// at the next (`ozen serve --unload-after`); nil keeps them loaded.
        public var unloadAfter: Double?
        /// Say on stderr, before captions start, when this computer cannot run the pair at
        /// real time (`PairCalibration`; off while measuring it).
        public var checksPair = true

        public init(live: String, final: String? = nil, recognizer: WhisperRecognizer.Settings, speakers: Bool, unloadAfter: Double? = nil) {
            self.live = live
            self.final = final
            self.recognizer = recognizer
            self.speakers = speakers
            self.unloadAfter = unloadAfter
        }
    }

    public let home: OzenHome
    public let models: Models
    /// The live model; with `unloadAfter`, freed after idle minutes (`IdleUnloadingRecognizer`).
    public let recognizer: any SpeechRecognizer
    /// The final pass's model; nil: `recognizer` does both.
    public let finalRecognizer: (any SpeechRecognizer)?
    let voiceModel: InstalledModel
    /// Silero's threshold, `OZEN_VAD_THRESHOLD` (read once, at load).
    let voiceThreshold: Float
    /// Loaded once for every stream: loading them per stream took seconds of CPU as four phones
    /// connected together, and their first lines came 8–10 s late.
    let speakerEngines: SpeakerSupport.Engines?

    /// Loads `models` from `home`. A pair this computer cannot run at real time is said on
    /// stderr before captions start.
    public init(home: OzenHome, models: Models) throws {
        self.home = home
        self.models = models
        func load(_ name: String) throws -> any SpeechRecognizer {
            let model = try InstalledModel.load(name, in: home)
            guard let unloadAfter = models.unloadAfter else { return try WhisperRecognizer(model: model, settings: models.recognizer) }
            // What a freed model held goes back to the system, as when the last stream ends.
            return try IdleUnloadingRecognizer(model: model, settings: models.recognizer, idleSeconds: unloadAfter) { FreedMemory.giveBack() }
        }
        recognizer = try load(models.live)
        finalRecognizer = try models.final.map(load)
        if models.checksPair, let final = models.final, let warning = PairCalibration.warning(live: models.live, final: final, home: home) {
            FileHandle.standardError.write(Data((warning + "\n").utf8))
        }
        voiceModel = try InstalledModel.load("silero-vad", in: home)
        voiceThreshold = try Self.voiceThreshold()
        speakerEngines = models.speakers ? try SpeakerSupport.engines(home: home) : nil
    }

    /// What every pipeline decodes with: the one model, or the live model and the final one
    /// (`FinalModelRecognizer`).
    public var passes: any SpeechRecognizer {
        FinalModelRecognizer.pairing(live: recognizer, final: finalRecognizer)
    }

    /// The model that hears a whole sentence again (corrections, the interpreter's review and
    /// Whisper's own translation): the final model when there is one.
    public var strongest: any SpeechRecognizer { finalRecognizer ?? recognizer }

    /// A pipeline for one stream of audio on `clock` (make the clock after loading, so real
    /// time starts when the pipeline can run), decoding through `through` (the cloud or a
    /// schedule wrapped around `passes`) or `passes` itself.
    public func captioner(settings: LiveSettings, clock: any PipelineClock, through: (any SpeechRecognizer)? = nil) throws -> LiveCaptioner {
        LiveCaptioner(classifier: try SileroFrameClassifier(model: voiceModel, threshold: voiceThreshold),
                      recognizer: through ?? passes, settings: settings, clock: clock,
                      speakers: try speakerEngines.map { try SpeakerSupport.lineSpeakers(home: home, engines: $0) })
    }

    /// What hears each locked line again with the strongest model's full window and corrects it
    /// in place (`LineCorrector`); nil when `settings.corrections` is off, or with cloud captions,
    /// whose finals already come from a stronger model. `inline`: a file replay on the steady
    /// clock, corrected line by line so every run gives the same lines.
    public func corrector(settings: LiveSettings, clock: any PipelineClock, inline: Bool, cloud: Bool = false) -> LineCorrector? {
        guard settings.corrections.enabled, !cloud else { return nil }
        return LineCorrector(recognizer: strongest, language: settings.language, uncertainBelow: settings.uncertainBelow,
                             settings: settings.corrections, clock: clock, inline: inline)
    }

    /// Silero's threshold: `OZEN_VAD_THRESHOLD` (0.1–0.9), a replay tool's knob; 0.5 otherwise.
    public static func voiceThreshold(_ environment: OzenEnvironment = .current) throws -> Float {
        try environment.voiceThreshold ?? 0.5
    }
}

import Foundation
import OzenEngines
import OzenIO
import OzenKit
import OzenStore

/// What `caption`, `listen` and the other sessions share to build a caption pipeline: the
/// installed models loaded into one `LiveCaptioner`, and the history recorder its lines are saved by.
public enum CaptionSetup {
    /// The engines one pipeline runs on, loaded from the installed models.
    public struct Models {
        public var classifier: SileroFrameClassifier
        public var recognizer: WhisperRecognizer
        /// The model of each line's final pass (`--final-model`); nil: `recognizer` does both.
        public var finalRecognizer: WhisperRecognizer?
        public var speakers: LineSpeakers?

        /// What the pipeline decodes with: the one model, or the live model and the final one
        /// (`FinalModelRecognizer`).
        public var pipelineRecognizer: any SpeechRecognizer {
            FinalModelRecognizer.pairing(live: recognizer, final: finalRecognizer)
        }

        /// The pipeline on `clock`; make the clock after loading, so real time starts when
        /// the pipeline can run.
        /// `cloud`: cloud captions' recognizer, which wraps `recognizer` for final passes.
        public func captioner(settings: LiveSettings, clock: any PipelineClock, cloud: CloudFinalsRecognizer? = nil) -> LiveCaptioner {
            LiveCaptioner(classifier: classifier, recognizer: cloud ?? pipelineRecognizer, settings: settings, clock: clock, speakers: speakers)
        }

        /// What hears each locked line again with the final model's full window and corrects it
        /// in place (`LineCorrector`); nil when `settings.corrections` is off, or with cloud
        /// captions, whose finals already come from the stronger model. `inline`: a file replay
        /// on the steady clock, corrected line by line so every run gives the same lines.
        public func corrector(settings: LiveSettings, clock: any PipelineClock, inline: Bool, cloud: Bool = false) -> LineCorrector? {
            guard settings.corrections.enabled, !cloud else { return nil }
            return LineCorrector(recognizer: finalRecognizer ?? recognizer, language: settings.language,
                                 uncertainBelow: settings.uncertainBelow, settings: settings.corrections, clock: clock, inline: inline)
        }
    }

    /// Loads the Whisper model `modelName` (and `finalModelName` for the final passes, when
    /// given: the same name loads a second copy, so the two-model path runs with one model
    /// installed), Silero and (unless `speakers` is false) the speaker models from `home`. With a
    /// final model, a pair this computer cannot run at real time is said on stderr first
    /// (`PairCalibration`; measured once, `checksPair` false while measuring).
    public static func loadModels(modelName: String, finalModelName: String? = nil, home: OzenHome,
                                  recognizerSettings: WhisperRecognizer.Settings, speakers: Bool, checksPair: Bool = true) throws -> Models {
        let whisper = try InstalledModel.load(modelName, in: home)
        let final = try finalModelName.map { try InstalledModel.load($0, in: home) }
        // A pair this computer cannot run at real time is said before captions start.
        if checksPair, let finalModelName, let warning = PairCalibration.warning(live: modelName, final: finalModelName, home: home) {
            FileHandle.standardError.write(Data((warning + "\n").utf8))
        }
        let vad = try InstalledModel.load("silero-vad", in: home)
        return Models(classifier: try SileroFrameClassifier(model: vad, threshold: try voiceThreshold()),
                      recognizer: try WhisperRecognizer(model: whisper, settings: recognizerSettings),
                      finalRecognizer: try final.map { try WhisperRecognizer(model: $0, settings: recognizerSettings) },
                      speakers: speakers ? try SpeakerSupport.lineSpeakers(home: home) : nil)
    }

    /// Silero's threshold: `OZEN_VAD_THRESHOLD` (0.1–0.9), a replay tool's knob; 0.5 otherwise.
    public static func voiceThreshold(_ environment: OzenEnvironment = .current) throws -> Float {
        try environment.voiceThreshold ?? 0.5
    }

    /// Every locked line is saved as it happens, on the history's own writer thread: the
    /// caption path only hands the event over. A conversation active in the last 20 minutes
    /// is continued with --continue, and otherwise offered on stderr.
    public static func startRecorder(home: OzenHome, continuing: Bool) throws -> ConversationRecorder {
        var start = ConversationRecorder.Start.new
        if let recent = try? HistoryStore(path: HistoryStore.path(in: home)).conversationToContinue() {
            if continuing {
                start = .continuing(recent.id)
            } else {
                FileHandle.standardError.write(Data((tr("ozen: שיחה הייתה פעילה לפני פחות מ־20 דקות — הוסיפו --continue כדי להמשיך אותה",
                                                        "ozen: a conversation was active in the last 20 minutes — add --continue to carry it on") + "\n").utf8))
            }
        }
        return ConversationRecorder(home: home, start: start) { status in
            FileHandle.standardError.write(Data(("ozen: " + status.message + "\n").utf8))
        }
    }

    /// `--engine local|cloud`: the provider of `ozen caption provider set` when cloud captions
    /// are asked for (read before any model loads, so a missing one is said at once), and on
    /// stderr where the audio will go and what it costs.
    public static func cloudProvider(engine: String?, home: OzenHome) throws -> ProviderSettings? {
        switch engine ?? "local" {
        case "local": return nil
        case "cloud": break
        case let other: throw UsageError(tr("--engine הוא local או cloud, קיבל '\(other)'", "--engine is local or cloud, got '\(other)'"))
        }
        let provider: ProviderSettings
        do { provider = try ProviderStore(home: home).load(purpose: .captions) } catch {
            throw UsageError(tr("לכתוביות בענן צריך ספק: ozen caption provider set --preset openai --key-stdin",
                                "cloud captions need a provider: ozen caption provider set --preset openai --key-stdin") + ("\(error)".contains("no provider") ? "" : " (\(error))"))
        }
        let host = URL(string: provider.baseURL)?.host ?? provider.baseURL
        let model = provider.model.isEmpty ? "" : " (\(provider.model))"
        let cost = provider.dollarsPerHourOfSpeech.map { String(format: tr("; בערך $%.2f לשעת דיבור", "; about $%.2f per hour of speech"), $0) } ?? ""
        FileHandle.standardError.write(Data(("ozen: " + tr("כתוביות בענן: הקול של כל שורה שנסגרה נשלח ל־\(host)\(model)\(cost); המילים החיות נשארות במחשב הזה",
                                                           "cloud captions: each closed line's audio goes to \(host)\(model)\(cost); live words stay on this computer") + "\n").utf8))
        return provider
    }

    /// What `--engine cloud` did, once captions end.
    public static func reportCloud(_ cloud: CloudFinalsRecognizer?) {
        guard let cloud else { return }
        let (fromCloud, fromHere) = cloud.linesByWhere
        FileHandle.standardError.write(Data(("ozen: " + tr("כתוביות בענן, שורות: \(fromCloud) מהענן, \(fromHere) מהמחשב הזה",
                                                           "cloud captions, lines: \(fromCloud) from the cloud, \(fromHere) from this computer") + "\n").utf8))
    }
}

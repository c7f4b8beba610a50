import Foundation
import OzenEngines
import OzenKit

/// What every caption stream of `ozen serve` shares: the Whisper model, loaded once (its
/// passes take turns), and the settings. Each stream's pipeline is put together by
/// `CaptionSetup.Models`, as `caption` and `listen` put theirs. Each stream gets its own voice-activity state and
/// its own speakers, since those follow one conversation.
final class CaptionEngines: @unchecked Sendable {
    let home: OzenHome
    let modelName: String
    let recognizer: WhisperRecognizer
    let voiceModel: InstalledModel
    let speakersOn: Bool
    let keywords: [String]

    init(home: OzenHome, modelName: String, speakersOn: Bool, keywords: [String]) throws {
        self.home = home
        self.modelName = modelName
        self.speakersOn = speakersOn
        self.keywords = keywords
        recognizer = try WhisperRecognizer(model: try InstalledModel.load(modelName, in: home),
                                           settings: try CaptionCommand.tuning())
        voiceModel = try InstalledModel.load("silero-vad", in: home)
        if speakersOn { _ = try InstalledModel.load(SpeakerSupport.modelName, in: home) }
    }

    /// A pipeline for one stream of live audio, on real time.
    func captioner(language: SpokenLanguage, clock: any PipelineClock = RealTimeClock(), settings: LiveSettings? = nil) throws -> LiveCaptioner {
        CaptionSetup.Models(classifier: try SileroFrameClassifier(model: voiceModel), recognizer: recognizer,
                            speakers: speakersOn ? try SpeakerSupport.lineSpeakers(home: home) : nil)
            .captioner(settings: try settings ?? CaptionCommand.liveSettings(language: language, keywords: keywords), clock: clock)
    }
}

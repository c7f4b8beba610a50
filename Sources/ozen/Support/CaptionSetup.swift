import Foundation
import OzenEngines
import OzenKit
import OzenStore

/// What `caption` and `listen` share to build a caption pipeline: the installed models
/// loaded into one `LiveCaptioner`, and the history recorder its lines are saved by.
enum CaptionSetup {
    /// The engines one pipeline runs on, loaded from the installed models.
    struct Models {
        var classifier: SileroFrameClassifier
        var recognizer: WhisperRecognizer
        var speakers: LineSpeakers?

        /// The pipeline on `clock`; make the clock after loading, so real time starts when
        /// the pipeline can run.
        func captioner(settings: LiveSettings, clock: any PipelineClock) -> LiveCaptioner {
            LiveCaptioner(classifier: classifier, recognizer: recognizer, settings: settings, clock: clock, speakers: speakers)
        }
    }

    /// Loads the Whisper model `modelName`, Silero and (unless `speakers` is false) the
    /// speaker models from `home`.
    static func loadModels(modelName: String, home: OzenHome, recognizerSettings: WhisperRecognizer.Settings,
                           speakers: Bool) throws -> Models {
        let whisper = try InstalledModel.load(modelName, in: home)
        let vad = try InstalledModel.load("silero-vad", in: home)
        return Models(classifier: try SileroFrameClassifier(model: vad),
                      recognizer: try WhisperRecognizer(model: whisper, settings: recognizerSettings),
                      speakers: speakers ? try SpeakerSupport.lineSpeakers(home: home) : nil)
    }

    /// Every locked line is saved as it happens, on the history's own writer thread: the
    /// caption path only hands the event over. A conversation active in the last 20 minutes
    /// is continued with --continue, and otherwise offered on stderr.
    static func startRecorder(home: OzenHome, continuing: Bool) throws -> ConversationRecorder {
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
}

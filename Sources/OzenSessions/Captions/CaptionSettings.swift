import Foundation
import OzenEngines
import OzenIO
import OzenKit

/// What a caption session was asked for (`ozen caption FILE`, `ozen listen`), as one value:
/// the command builds it from its arguments, checking each as it reads it, and
/// `CaptionSession` or `ListenSession` runs from it.
public struct CaptionSettings {
    public var home: OzenHome
    /// The Whisper model, and its settings (`PipelineSettings.recognizer`).
    public var modelName: String
    public var recognizer: WhisperRecognizer.Settings
    /// The model of each line's final pass (`--final-model`, `FinalModelRecognizer`); nil: the one model does both.
    public var finalModelName: String?
    /// The live pipeline's settings: the language and the alert words among them (`PipelineSettings.captions`).
    public var live: LiveSettings
    /// JSON Lines on stdout (`--json`) instead of readable lines.
    public var json = false
    /// Lines are saved in the history (unless `--no-save`), continuing a recent conversation with `--continue`.
    public var saves = true
    public var continuing = false
    /// Speaker labels (unless `--no-speakers`).
    public var speakers = true
    /// Sound alerts on all of the audio (unless `--no-sounds`), and the kinds muted for this run.
    public var sounds = true
    public var mutedSounds: Set<String> = []
    /// Desktop notifications for her name, sounds and captions that stopped (`--notify`).
    public var notifies = false
    /// Cloud captions' provider (`--engine cloud`), or nil for this computer's own.
    public var cloud: ProviderSettings?
    /// A recording played on the wall clock (`ozen caption --realtime`) instead of the steady one.
    public var realtime = false

    public init(home: OzenHome, modelName: String, recognizer: WhisperRecognizer.Settings, live: LiveSettings) {
        self.home = home
        self.modelName = modelName
        self.recognizer = recognizer
        self.live = live
    }
}

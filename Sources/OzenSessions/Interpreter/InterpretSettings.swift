import Foundation
import OzenEngines
import OzenIO
import OzenKit

/// What `ozen interpret` was asked for, as one value: the command builds it from its
/// arguments, checking each as it reads it, and `InterpretSession` runs from it.
public struct InterpretSettings {
    /// Where the other person's speech comes from: a recording, or a microphone already opened.
    public enum Source {
        case recording(MonoAudio)
        case microphone(MicrophoneInput)
    }

    /// Who translates each sentence: this computer's Whisper, or a language model's provider
    /// (`--translator llm`), with Whisper standing in when it fails.
    public enum Translator {
        case whisper
        case llm(ProviderSettings)
    }

    public var home: OzenHome
    public var source: Source
    /// The source language and the interpreter's timing.
    public var interpreter: InterpreterSettings
    /// The Whisper model (`--model`, base by default) and its settings (`PipelineSettings.recognizer`).
    public var modelName: String
    public var recognizer: WhisperRecognizer.Settings
    /// The model of each line's final pass (`--final-model`, `FinalModelRecognizer`); nil: the one model does both.
    public var finalModelName: String?
    public var translator: Translator = .whisper
    /// The server that checks each sentence a second time (`--second-pass`).
    public var reviewer: (any SentenceReviewer)?
    /// JSON Lines on stdout (`--json`), the source lines among them; otherwise the English.
    public var json = false
    /// Saved in the history (unless `--no-save`).
    public var saves = true
    /// A recording played on the wall clock (`--realtime`) instead of the steady one.
    public var realtime = false

    public init(home: OzenHome, source: Source, interpreter: InterpreterSettings, modelName: String,
                recognizer: WhisperRecognizer.Settings) {
        self.home = home
        self.source = source
        self.interpreter = interpreter
        self.modelName = modelName
        self.recognizer = recognizer
    }
}

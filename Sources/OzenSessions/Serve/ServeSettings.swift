import Foundation
import OzenIO
import OzenKit

/// Everything `ozen serve` was asked for, as one value: the command builds it from its
/// arguments (checking each as it reads it), and `ServeSession` runs the server from it.
public struct ServeSettings {
    /// This computer's own captions, besides the clients': a recording replayed as if spoken
    /// now (`--source`), or a microphone already opened (`--device`), or the room and a call
    /// together (two `--device`), or none.
    public enum Source: Sendable {
        case none
        case recording(MonoAudio)
        case microphone(MicrophoneInput)
        case roomAndCall(room: MicrophoneInput, call: MicrophoneInput)

        /// What `--device` opened.
        public init(_ sources: ListeningSources) {
            switch sources {
            case .one(let input): self = .microphone(input)
            case .roomAndCall(let room, let call): self = .roomAndCall(room: room, call: call)
            }
        }
    }

    /// The interpreter for the own source (`--interpret`): its settings and, with
    /// `--second-pass`, the server that reviews its sentences.
    public typealias Interpreting = (settings: InterpreterSettings, reviewer: (any SentenceReviewer)?)

    public var address: ListenAddress
    /// The address in the phone app's pairing link (`--address`): a tailnet's or a `wss://`
    /// name; nil for this computer's own private address.
    public var pairingAddress: PairingAddress?
    public var home: OzenHome
    /// The Whisper model every stream shares.
    public var modelName: String
    /// The model of each line's final pass (`--final-model`, `FinalModelRecognizer`); nil: the one model does both.
    public var finalModelName: String?
    /// Minutes without a decode after which the Whisper models are freed and loaded again at the
    /// next phone's first words (`--unload-after`); nil keeps them loaded.
    public var unloadAfterMinutes: Double?
    public var source: Source = .none
    /// Open the display page in a window once the server listens (`--open`, the launcher's).
    public var opensPage = false
    /// Show the captions in a window kept above the others (`--window`, the calls launcher's),
    /// with this many lines (`--window-lines`; nil: her last choice on the page, else 2).
    public var opensWindow = false
    public var windowLines: Int?
    /// The own source's language.
    public var language: SpokenLanguage = .default
    /// JSON Lines on stdout (`--json`) instead of readable lines.
    public var json = false
    /// The own source's lines and the page's dictation takes are saved (unless `--no-save`).
    public var saves = true
    /// Speaker labels for every stream (unless `--no-speakers`).
    public var speakers = true
    /// Words to alert on (`--alert`), besides her name.
    public var alertWords: [String] = []
    /// Cloud captions' provider (`--engine cloud`), or nil for this computer's own.
    public var cloud: ProviderSettings?
    /// Sound alerts on the own source's audio (unless `--no-sounds`), and the kinds muted for this run.
    public var sounds = true
    public var mutedSounds: Set<String> = []
    /// Desktop notifications for the own source (`--notify`).
    public var notifies = false
    public var interpreting: Interpreting?
    /// How the page's dictation takes are polished (`--dictation-polish`) and inserted (`--dictation-insert`).
    public var dictationPolisher = DictationPolisher(mode: .local)
    public var dictationInsertion: TextInserter.Method = .paste

    public init(address: ListenAddress, home: OzenHome, modelName: String) {
        self.address = address
        self.home = home
        self.modelName = modelName
    }

    public var hasOwnSource: Bool {
        if case .none = source { return false }
        return true
    }
}

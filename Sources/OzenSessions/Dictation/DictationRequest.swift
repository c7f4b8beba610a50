import Foundation
import OzenIO
import OzenKit
import OzenStore

/// What a dictation command line asks for, as typed: the language, the polish and insertion
/// methods by name, the microphone and the models. `ozen dictate`, `dictate serve` and
/// `dictate toggle` read their options into one; `Dictation` checks and runs it.
public struct DictationRequest: Sendable {
    public var home: OzenHome
    public var language: SpokenLanguage
    /// `off`, `local` (nil) or `llm`.
    public var polish: String?
    /// `paste` (nil), `type`, `clipboard` or `stdout`.
    public var insert: String?
    /// The microphone (`--device`); nil: the default one.
    public var device: String?
    /// The Whisper model (`--model`); nil: the one she chose.
    public var model: String?
    /// The model of final passes (`--final-model`); nil: `model` does both.
    public var finalModel: String?
    /// Whether the take is kept in the history (`--no-save` turns it off).
    public var saves = true
    /// Whether the take is printed as JSON.
    public var json = false

    public init(home: OzenHome, language: SpokenLanguage) {
        self.home = home
        self.language = language
    }

    /// How takes are delivered; a polish or insertion method that is not one is a `UsageError`,
    /// and `llm` polish needs her dictation provider.
    public func settings() throws -> DictationSettings {
        var settings = DictationSettings(home: home, language: language, polisher: try polisher(), insertion: try Self.insertion(insert))
        settings.saves = saves
        settings.json = json
        return settings
    }

    /// The models a take is decoded with.
    func models() throws -> PipelineBuilder {
        try PipelineBuilder(home: home, models: .init(live: modelName, final: finalModel, recognizer: try PipelineSettings.recognizer(), speakers: false))
    }

    var modelName: String { model ?? ChosenModel.name(in: home) }

    func polisher() throws -> DictationPolisher { try Self.polisher(polish, home: home) }

    /// The polish `value` names (`local` when nil); `llm` reads her dictation provider in `home`.
    public static func polisher(_ value: String?, home: OzenHome) throws -> DictationPolisher {
        let raw = value ?? "local"
        guard let mode = DictationPolisher.Mode(rawValue: raw) else {
            throw UsageError(tr("--polish הוא off, local או llm, קיבל '\(raw)'", "--polish is off, local or llm, got '\(raw)'"))
        }
        guard mode == .llm else { return DictationPolisher(mode: mode) }
        return DictationPolisher(mode: .llm, provider: try ProviderStore(home: home).load(purpose: .dictation))
    }

    /// The insertion method `value` names (`paste` when nil).
    public static func insertion(_ value: String?) throws -> TextInserter.Method {
        let raw = value ?? "paste"
        guard let method = TextInserter.Method(rawValue: raw) else {
            throw UsageError(tr("--insert הוא paste, type, clipboard או stdout, קיבל '\(raw)'", "--insert is paste, type, clipboard or stdout, got '\(raw)'"))
        }
        return method
    }
}

import OzenKit
import OzenSessions

/// The flags `caption` and `listen` share, read into one `CaptionSettings`: the model and the
/// final model, the language and alert words, cloud captions, JSON, saving, speakers, sounds
/// and notifications. Each command adds its own (the muted sounds, `--realtime`).
enum CaptionFlags {
    static func settings(_ args: ArgumentReader, home: OzenHome) throws -> CaptionSettings {
        var settings = CaptionSettings(home: home, modelName: args.value("--model") ?? ChosenModel.name(in: home),
                                       recognizer: try PipelineSettings.recognizer(),
                                       live: try PipelineSettings.captions(language: try args.spokenLanguage(),
                                                                           keywords: HerName.alertWords(args.values("--alert"), in: home)))
        settings.cloud = try CaptionSetup.cloudProvider(engine: args.value("--engine"), home: home)
        settings.finalModelName = args.value("--final-model")
        settings.json = args.flag("--json")
        settings.saves = !args.flag("--no-save")
        settings.continuing = args.flag("--continue")
        settings.speakers = !args.flag("--no-speakers")
        settings.sounds = !args.flag("--no-sounds")
        settings.notifies = args.flag("--notify")
        return settings
    }
}

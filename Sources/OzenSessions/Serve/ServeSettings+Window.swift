import OzenIO
import OzenKit

extension ServeSettings {
    /// `ozen listen --window`: what `listen` was asked for, served to the caption window alone,
    /// on 127.0.0.1 on a free port (nothing from the network reaches it), its lines printed on
    /// the terminal as `listen` prints them. `alertWords` are the ones she typed (`--alert`):
    /// the server adds her name itself.
    public static func captionWindow(listening settings: CaptionSettings, sources: ListeningSources,
                                     alertWords: [String], lines: Int?) -> ServeSettings {
        var serve = ServeSettings(address: ListenAddress(host: "127.0.0.1", port: 0, lan: false), home: settings.home,
                                  modelName: settings.modelName)
        serve.source = Source(sources)
        serve.language = settings.live.language
        serve.finalModelName = settings.finalModelName
        serve.json = settings.json
        serve.saves = settings.saves
        serve.speakers = settings.speakers
        serve.alertWords = alertWords
        serve.sounds = settings.sounds
        serve.mutedSounds = settings.mutedSounds
        serve.notifies = settings.notifies
        serve.cloud = settings.cloud
        serve.opensWindow = true
        serve.windowLines = lines
        return serve
    }
}

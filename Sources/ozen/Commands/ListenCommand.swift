import Foundation
import OzenKit
import OzenSessions

/// `ozen listen [--device NAME|INDEX]`: live captions from one microphone, chosen explicitly
/// (or the system's default), kept going when the microphone fails, falls silent or is
/// unplugged and plugged back in (`ListenSession`). Ctrl-C ends it after the open line's final pass.
/// Two `--device`, a microphone and `computer`, caption the room and a call together.
/// With `--window` the same captions also float over the other windows (`ozen-window`): the
/// display page is served on 127.0.0.1 on a free port, as `ozen serve --window` serves it.
enum ListenCommand {
    static func run(_ arguments: [String]) throws {
        let args = try ArgumentReader(arguments, options: ["--device", "--language", "--model", "--final-model", "--alert", "--mute-sound", "--engine", "--window-lines"],
                                      flags: ["--json", "--no-save", "--continue", "--no-speakers", "--fallback-default",
                                              "--no-sounds", "--notify", "--window"])
        guard args.positional.isEmpty else {
            throw UsageError(tr("listen לא מקבל קבצים — כדי להכתיב הקלטה השתמשו ב־ozen caption",
                                "listen takes no files — to caption a recording use ozen caption"))
        }
        // The first time on a terminal: what runs where, and her name for the name alert.
        if isatty(STDIN_FILENO) == 1, FirstRun.shouldAsk(in: OzenHome.fromEnvironment()) { try FirstRunCommand.ask(home: OzenHome.fromEnvironment()) }
        let home = OzenHome.fromEnvironment()
        var settings = try CaptionFlags.settings(args, home: home)
        let windowLines = try ServeCommand.windowLines(args)
        if args.flag("--window") && settings.continuing {
            throw UsageError(tr("--continue לא הולך עם --window: החלון פותח שיחה חדשה", "--continue does not go with --window: the window starts a new conversation"))
        }

        // The microphone is found before any model loads: one that is not there is her fix,
        // said at once and never retried.
        let sources = try ListeningSources.open(args.values("--device"), fallbackToDefault: args.flag("--fallback-default"),
                                                widensForSounds: settings.sounds)
        // Kinds to mute are checked only where sounds are heard, as before.
        settings.mutedSounds = settings.sounds ? try SoundsCommand.kinds(args.values("--mute-sound")) : []
        if args.flag("--window") {
            let serve = ServeSettings.captionWindow(listening: settings, sources: sources, alertWords: args.values("--alert"), lines: windowLines)
            try ServeSession(settings: serve).run(to: EventPrinter(json: settings.json, showsStatus: true).print)
            return
        }
        try ListenSession(settings: settings).run(sources, to: EventPrinter(json: settings.json, showsStatus: true).print)
    }
}

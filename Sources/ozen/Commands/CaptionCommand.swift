import Foundation
import OzenKit
import OzenSessions

/// `ozen caption FILE`: captions a recording and prints its lines, or JSON events with --json
/// (`CaptionSession`). This reads the arguments into `CaptionSettings`, each refused as it is read.
enum CaptionCommand {
    static func run(_ arguments: [String]) throws {
        if arguments.first == "provider" { return try ProviderCommand.run(Array(arguments.dropFirst()), purpose: .captions) }
        let args = try ArgumentReader(arguments, options: ["--language", "--model", "--final-model", "--alert", "--mute-sound", "--engine"],
                                      flags: ["--json", "--no-save", "--realtime", "--continue", "--no-speakers",
                                              "--no-sounds", "--notify"])
        guard args.positional.count == 1, let path = args.positional.first else {
            throw UsageError(args.positional.isEmpty
                ? tr("ל־caption צריך הקלטה: ozen caption קובץ.wav", "caption needs a recording: ozen caption FILE.wav")
                : tr("caption מקבל הקלטה אחת, קיבל \(args.positional.count)", "caption takes one recording, got \(args.positional.count)"))
        }
        let home = OzenHome.fromEnvironment()
        let mutedHere = try SoundsCommand.kinds(args.values("--mute-sound"))
        let audio = try WAVDecoder().read(path: path)
        var settings = try CaptionFlags.settings(args, home: home)
        settings.mutedSounds = mutedHere
        settings.realtime = args.flag("--realtime")
        try CaptionSession(settings: settings).run(audio, to: EventPrinter(json: settings.json, showsNotes: true).print)
    }
}

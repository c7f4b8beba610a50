import Foundation
import OzenEngines
import OzenKit
import OzenSessions

/// `ozen sounds list|mute|unmute|hear|eval`: the sounds Ozen listens for, which she muted,
/// what it hears in a recording, and how well it hears them (JSON figures).
enum SoundsCommand {
    static func run(_ arguments: [String]) throws {
        guard let sub = arguments.first else { throw UsageError(usage) }
        let rest = Array(arguments.dropFirst())
        let home = OzenHome.fromEnvironment()
        switch sub {
        case "list": try list(home: home)
        case "mute", "unmute": try mute(rest, on: sub == "mute", home: home)
        case "hear": try hear(rest, home: home)
        case "eval": try SoundsEvalCommand.run(rest, home: home)
        default: throw UsageError(usage)
        }
    }

    static var usage: String {
        tr("השתמשו ב־ozen sounds list | mute סוג... | unmute סוג... | hear קובץ.wav | eval",
           "use ozen sounds list | mute KIND... | unmute KIND... | hear FILE.wav | eval")
    }

    /// The sound watch `caption` and `hear` use: the installed standard tagger, her muted list and the
    /// kinds muted for this run.
    static func watch(home: OzenHome, alsoMuted: [String] = []) throws -> SoundWatch {
        let muted = try MutedSounds.load(from: MutedSounds.path(in: home)).kinds.union(try kinds(alsoMuted))
        return SoundWatch(classifier: try SoundTagger.standard.classifier(home: home), muted: muted)
    }

    /// Checks kind names typed by a person.
    static func kinds(_ names: [String]) throws -> Set<String> {
        var found: Set<String> = []
        for name in names {
            guard let kind = SoundKind.named(name) else {
                let known = SoundKind.all.map(\.name).joined(separator: ", ")
                throw UsageError(tr("אין צליל בשם '\(name)' — הצלילים: \(known)", "no sound is called '\(name)' — the sounds are: \(known)"))
            }
            found.insert(kind.name)
        }
        return found
    }

    static func list(home: OzenHome) throws {
        let muted = try MutedSounds.load(from: MutedSounds.path(in: home)).kinds
        for kind in SoundKind.all {
            let mark = muted.contains(kind.name) ? "  " + tr("(מושתק)", "(muted)") : ""
            print("\(kind.name)\t\(kind.priority)\t\(kind.shown)\(mark)\t\(kind.classes.joined(separator: "; "))")
        }
    }

    static func mute(_ names: [String], on: Bool, home: OzenHome) throws {
        guard !names.isEmpty else { throw UsageError(usage) }
        let path = MutedSounds.path(in: home)
        var muted = try MutedSounds.load(from: path)
        for name in try kinds(names).sorted() {
            if on {
                muted.mute(name)
                if SoundKind.named(name)?.isDanger == true {
                    FileHandle.standardError.write(Data((tr("ozen: שימו לב — \(name) הוא צליל של סכנה; Ozen לא יתריע עליו עד unmute",
                                                            "ozen: note — \(name) is a danger sound; Ozen will not alert on it until you unmute it") + "\n").utf8))
                }
            } else {
                muted.unmute(name)
            }
        }
        try muted.save(to: path)
        let now = muted.kinds.sorted()
        print(now.isEmpty ? tr("אין צלילים מושתקים", "no sounds are muted") : tr("מושתקים: ", "muted: ") + now.joined(separator: ", "))
    }

    /// `ozen sounds hear FILE [--json] [--mute-sound KIND]...`: the sound alerts a recording raises.
    static func hear(_ arguments: [String], home: OzenHome) throws {
        let args = try ArgumentReader(arguments, options: ["--mute-sound"], flags: ["--json", "--scores"])
        guard args.positional.count == 1, let path = args.positional.first else { throw UsageError(usage) }
        let watch = try watch(home: home, alsoMuted: args.values("--mute-sound"))
        let scores: ((String) -> Void)? = args.flag("--scores") ? { FileHandle.standardOutput.write(Data(($0 + "\n").utf8)) } : nil
        try RecordingHearing.hear(path, with: watch, scoreLine: scores, emit: EventPrinter(json: args.flag("--json")).print)
    }
}

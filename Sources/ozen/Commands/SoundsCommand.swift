import Foundation
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
        case "teach": try teach(rest, home: home)
        case "taught": try taught(rest, home: home)
        case "forget": try forget(rest, home: home)
        default: throw UsageError(usage)
        }
    }

    static var usage: String {
        tr("השתמשו ב־ozen sounds list | mute סוג... | unmute סוג... | hear קובץ.wav | eval | teach שם (קובץ.wav... | --record N [--device D]) [--kind alarm|doorbell|appliance] | taught | forget שם",
           "use ozen sounds list | mute KIND... | unmute KIND... | hear FILE.wav | eval | teach NAME (FILE.wav... | --record N [--device D]) [--kind alarm|doorbell|appliance] | taught | forget NAME")
    }

    /// The sound watch `caption` and `hear` use (`SoundAlerts.watch`).
    static func watch(home: OzenHome, alsoMuted: [String] = []) throws -> SoundWatch {
        try SoundAlerts.watch(home: home, alsoMuted: try kinds(alsoMuted))
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

    /// `ozen sounds teach NAME FILE... | --record N [--device D] [--kind alarm|doorbell|appliance]`.
    static func teach(_ arguments: [String], home: OzenHome) throws {
        let args = try ArgumentReader(arguments, options: ["--kind", "--record", "--device"], flags: [])
        let groupName = args.value("--kind") ?? TaughtSound.Group.doorbell.rawValue
        guard let group = TaughtSound.Group(rawValue: groupName) else {
            throw UsageError(tr("--kind הוא alarm (אזעקה), doorbell (בדלת) או appliance (מכשיר), קיבל '\(groupName)'",
                                "--kind is alarm, doorbell or appliance, got '\(groupName)'"))
        }
        guard let name = args.positional.first else { throw UsageError(usage) }
        let files = Array(args.positional.dropFirst())
        let sound: TaughtSound
        if let raw = args.value("--record") {
            guard files.isEmpty, let count = Int(raw), (1...SoundTeaching.mostRecordings).contains(count) else {
                throw UsageError(tr("--record צריך מספר הקלטות בין 1 ל־\(SoundTeaching.mostRecordings), בלי קבצים",
                                    "--record needs a number of takes from 1 to \(SoundTeaching.mostRecordings), and no files"))
            }
            sound = try SoundTeaching.teach(name, group: group, prints: try recordTakes(count, device: args.value("--device")), home: home)
        } else {
            guard !files.isEmpty else { throw UsageError(usage) }
            sound = try SoundTeaching.teach(name, group: group, files: files, home: home)
        }
        let landmarks = sound.prints.map { String($0.hashes.count) }.joined(separator: ", ")
        print(tr("למדתי את \"\(sound.name)\" (\(sound.group.rawValue), עדיפות \(sound.group.priority)) מ־\(sound.prints.count) הקלטות (סימנים: \(landmarks))",
                 "taught \"\(sound.name)\" (\(sound.group.rawValue), priority \(sound.group.priority)) from \(sound.prints.count) recording(s) (landmarks: \(landmarks))"))
    }

    /// Takes from the microphone, with what to do and a level meter on stderr.
    static func recordTakes(_ count: Int, device: String?) throws -> [TaughtSound.Print] {
        let err = FileHandle.standardError
        do {
            return try SoundTakes.record(count, device: device) { err.write(Data(SoundTakes.shown($0).utf8)) }
        } catch {
            err.write(Data("\n".utf8))
            Exit.fail(.noInput, error.description)
        }
    }

    /// `ozen sounds taught`: her sounds, one a line: name, kind, priority, recordings.
    static func taught(_ arguments: [String], home: OzenHome) throws {
        guard arguments.isEmpty else { throw UsageError(usage) }
        let sounds = try TaughtSounds.load(from: TaughtSounds.path(in: home)).sounds
        if sounds.isEmpty {
            print(tr("עוד לא לימדו צלילים (ozen sounds teach שם קובץ.wav)", "no sounds taught yet (ozen sounds teach NAME FILE.wav)"))
        }
        for sound in sounds {
            print("\(sound.name)\t\(sound.group.rawValue)\t\(sound.group.priority)\t\(sound.prints.map(\.recording).joined(separator: ", "))")
        }
    }

    /// `ozen sounds forget NAME`.
    static func forget(_ arguments: [String], home: OzenHome) throws {
        guard arguments.count == 1, let name = arguments.first else { throw UsageError(usage) }
        guard try SoundTeaching.forget(name, home: home) else {
            Exit.fail(.noInput, tr("לא לימדו צליל בשם '\(name)' (ozen sounds taught)", "no taught sound is called '\(name)' (ozen sounds taught)"))
        }
        print(tr("שכחתי את \"\(name)\"", "forgot \"\(name)\""))
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

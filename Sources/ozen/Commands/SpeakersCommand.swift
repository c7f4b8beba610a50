import Foundation
import OzenEngines
import OzenKit
import OzenSessions
import OzenStore

/// `ozen speakers enroll NAME FILE...|list|rename OLD NEW|remove NAME|eval`: the people she
/// knows by voice. Each enrolment recording keeps its own print.
enum SpeakersCommand {
    static let usage = tr("speakers מקבל: enroll שם קובץ... | list | rename ישן חדש | remove שם | eval",
                          "speakers takes: enroll NAME FILE... | list | rename OLD NEW | remove NAME | eval")

    static func run(_ arguments: [String]) throws {
        let action = arguments.first ?? "list"
        let rest = Array(arguments.dropFirst())
        if action == "eval" { return try SpeakersEvalCommand.run(rest) }
        let home = OzenHome.fromEnvironment()
        let embedder = try SpeakerSupport.embedder(home: home)
        let path = KnownPeople.path(in: home)
        var people = try SpeakerSupport.people(home: home, embedder: embedder)
        switch action {
        case "list":
            guard rest.isEmpty else { throw UsageError(tr("list לא מקבל עוד מילים", "list takes nothing more")) }
            if people.people.isEmpty {
                print(tr("עוד לא נרשם אף אחד — ozen speakers enroll רות רות-במטבח.wav", "nobody is enrolled yet — ozen speakers enroll Ruth ruth-kitchen.wav"))
            }
            for person in people.people {
                let seconds = person.recordings.reduce(0) { $0 + $1.seconds }
                print(String(format: tr("%@\t%ld הקלטות, %.1f שניות דיבור", "%@\t%ld recordings, %.1f s of speech"),
                             person.name, person.recordings.count, seconds))
            }
        case "enroll":
            guard rest.count >= 2 else { throw UsageError(tr("ל־enroll צריך שם והקלטה אחת לפחות: ozen speakers enroll רות רות.wav",
                                                             "enroll needs a name and at least one recording: ozen speakers enroll Ruth ruth.wav")) }
            let name = rest[0].trimmingCharacters(in: .whitespaces)
            guard !name.isEmpty, SpeakerName.number(of: name) == nil else {
                throw UsageError(tr("שם לא מתאים '\(name)' — השתמשו בשם של האדם", "'\(name)' cannot be a name — use the person's name"))
            }
            let recordings = try rest.dropFirst().map { try enrolment(path: $0, home: home, embedder: embedder) }
            people.enroll(name, recordings)
            try people.save(to: path)
            let count = people.person(named: name)?.recordings.count ?? recordings.count
            print(String(format: tr("%@ רשום/ה עם %ld הקלטות; השורות שלו/ה יסומנו בשמו/ה מהשיחה הבאה",
                                    "%@ is enrolled with %ld recordings; their lines carry their name from the next conversation"), name, count))
        case "rename":
            guard rest.count == 2 else { throw UsageError(tr("ל־rename צריך שם ישן ושם חדש", "rename needs the old name and the new one")) }
            guard let old = people.person(named: rest[0])?.name, try people.rename(old, to: rest[1]) else { throw NotEnrolled(name: rest[0]) }
            try people.save(to: path)
            let new = rest[1].trimmingCharacters(in: .whitespaces)
            let lines = try HistoryStore(home: home).renameSpeaker(old, to: new)
            print(String(format: tr("%@ נקרא/ת עכשיו %@; %ld שורות שמורות עודכנו", "%@ is now %@; %ld saved lines changed"), old, new, lines))
        case "remove":
            guard rest.count == 1 else { throw UsageError(tr("ל־remove צריך שם אחד", "remove needs one name")) }
            guard people.remove(rest[0]) else { throw NotEnrolled(name: rest[0]) }
            try people.save(to: path)
            print(String(format: tr("%@ הוסר/ה; השורות השמורות שומרות את השם", "%@ was removed; saved lines keep the name"), rest[0]))
        default:
            throw UsageError(usage)
        }
    }

    /// One recording's print, from its voiced part only.
    static func enrolment(path: String, home: OzenHome, embedder: CAMPlusSpeakerEmbedder) throws -> KnownPeople.Recording {
        let audio = try WAVDecoder().read(path: path).atSpeechRate()
        let vad = try SileroFrameClassifier(model: try InstalledModel.load("silero-vad", in: home))
        let speech = VoicedSpeech.extract(audio.samples, classifier: vad)
        let seconds = Double(speech.count) / Double(MonoAudio.speechRate)
        guard seconds >= minimumSpeech, let print = try embedder.voicePrint(of: speech[...]) else {
            throw TooLittleSpeech(path: path, seconds: seconds)
        }
        return KnownPeople.Recording(source: (path as NSString).lastPathComponent, seconds: seconds, print: print)
    }

    /// Speech (s) an enrolment recording must hold: prints of under two seconds wander.
    static let minimumSpeech = 2.0
}

struct NotEnrolled: Error, CustomStringConvertible {
    var name: String
    var description: String {
        tr("אין אף אחד רשום בשם \(name) — ozen speakers list מראה מי רשום", "nobody called \(name) is enrolled — ozen speakers list shows who is")
    }
}

struct TooLittleSpeech: Error, CustomStringConvertible {
    var path: String
    var seconds: Double
    var description: String {
        String(format: tr("ב־%@ יש רק %.1f שניות דיבור — הקליטו לפחות 2 שניות של האדם מדבר",
                          "%@ holds only %.1f s of speech — record at least 2 s of the person talking"), path, seconds)
    }
}

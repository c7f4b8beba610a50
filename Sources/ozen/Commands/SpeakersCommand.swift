import Foundation
import OzenKit
import OzenSessions

/// `ozen speakers enroll NAME FILE...|list|rename OLD NEW|remove NAME|eval`: the people she
/// knows by voice (`PeopleSheKnows`).
enum SpeakersCommand {
    static let usage = tr("speakers מקבל: enroll שם קובץ... | list | rename ישן חדש | remove שם | eval",
                          "speakers takes: enroll NAME FILE... | list | rename OLD NEW | remove NAME | eval")

    static func run(_ arguments: [String]) throws {
        let action = arguments.first ?? "list"
        let rest = Array(arguments.dropFirst())
        if action == "eval" { return try SpeakersEvalCommand.run(rest) }
        var people = try PeopleSheKnows(home: OzenHome.fromEnvironment())
        switch action {
        case "list":
            guard rest.isEmpty else { throw UsageError(tr("list לא מקבל עוד מילים", "list takes nothing more")) }
            if people.everyone.isEmpty {
                print(tr("עוד לא נרשם אף אחד — ozen speakers enroll רות רות-במטבח.wav", "nobody is enrolled yet — ozen speakers enroll Ruth ruth-kitchen.wav"))
            }
            for person in people.everyone {
                print(String(format: tr("%@\t%ld הקלטות, %.1f שניות דיבור", "%@\t%ld recordings, %.1f s of speech"),
                             person.name, person.recordings, person.seconds))
            }
        case "enroll":
            guard let name = rest.first else {
                throw UsageError(tr("ל־enroll צריך שם והקלטה אחת לפחות: ozen speakers enroll רות רות.wav",
                                    "enroll needs a name and at least one recording: ozen speakers enroll Ruth ruth.wav"))
            }
            let count = try people.enroll(name, from: Array(rest.dropFirst()))
            print(String(format: tr("%@ רשום/ה עם %ld הקלטות; השורות שלו/ה יסומנו בשמו/ה מהשיחה הבאה",
                                    "%@ is enrolled with %ld recordings; their lines carry their name from the next conversation"),
                         name.trimmingCharacters(in: .whitespaces), count))
        case "rename":
            guard rest.count == 2 else { throw UsageError(tr("ל־rename צריך שם ישן ושם חדש", "rename needs the old name and the new one")) }
            let renamed = try people.rename(rest[0], to: rest[1])
            print(String(format: tr("%@ נקרא/ת עכשיו %@; %ld שורות שמורות עודכנו", "%@ is now %@; %ld saved lines changed"),
                         renamed.old, renamed.new, renamed.lines))
        case "remove":
            guard rest.count == 1 else { throw UsageError(tr("ל־remove צריך שם אחד", "remove needs one name")) }
            try people.remove(rest[0])
            print(String(format: tr("%@ הוסר/ה; השורות השמורות שומרות את השם", "%@ was removed; saved lines keep the name"), rest[0]))
        default:
            throw UsageError(usage)
        }
    }
}

import OzenKit
import OzenSessions

/// `ozen speakers eval [--fixtures DIR] [--seed N] [--table DIR [--seconds-each S]] [--language L] [--pauses MIN-MAX]
/// [--write-table FILE.wav] [--lines]`: how well `ozen caption` tells people apart (`SpeakersEval` says
/// what it prints and how).
enum SpeakersEvalCommand {
    static let usage = tr("eval מקבל: ‏--fixtures תיקייה, ‏--seed מספר, ‏--table תיקייה, ‏--seconds-each שניות, ‏--language שפה, ‏--pauses מ-עד, ‏--write-table קובץ, ‏--lines",
                          "eval takes: --fixtures DIR, --seed N, --table DIR, --seconds-each SECONDS, --language LANG, --pauses MIN-MAX, --write-table FILE, --lines")

    static func run(_ arguments: [String]) throws {
        let args = try ArgumentReader(arguments, options: ["--fixtures", "--seed", "--table", "--seconds-each", "--language", "--pauses", "--write-table"], flags: ["--lines"])
        guard args.positional.isEmpty else { throw UsageError(usage) }
        let folder = try FixturesFolder.checked(args.value("--fixtures"))
        guard let seed = UInt64(args.value("--seed") ?? "7") else { throw UsageError(tr("‏--seed מקבל מספר שלם", "--seed takes a whole number")) }
        guard let secondsEach = Double(args.value("--seconds-each") ?? "40"), secondsEach >= 2 else {
            throw UsageError(tr("‏--seconds-each מקבל מספר שניות, 2 לפחות", "--seconds-each takes a number of seconds, at least 2"))
        }
        let language = try args.spokenLanguage(default: .english)
        let people = args.value("--table").map { SpeakersEvalSettings.People(folder: $0, secondsEach: secondsEach) }
        let turns = try SpeakersEval.turns(fixtures: folder, people: people)
        let pauseText = args.value("--pauses") ?? "0.7-1.2"
        let pauseBounds = pauseText.split(separator: "-").compactMap { Double($0) }
        guard pauseBounds.count == 2, pauseBounds[0] >= 0, pauseBounds[0] <= pauseBounds[1] else {
            throw UsageError(tr("‏--pauses מקבל טווח שניות, למשל 0.3-0.8", "--pauses takes a range of seconds, such as 0.3-0.8"))
        }
        let settings = SpeakersEvalSettings(fixtures: folder, seed: seed, language: language, people: people,
                                            pauses: pauseBounds[0]...pauseBounds[1], writeTable: args.value("--write-table"),
                                            showsLines: args.flag("--lines"))
        print(try SpeakersEval.run(settings, turns: turns))
    }
}

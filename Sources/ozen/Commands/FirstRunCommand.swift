import Foundation
import OzenKit
import OzenSessions

/// `ozen first-run`: the first run's screen in the terminal: what runs where, and her name
/// (1 for «סבתא», 2 for Grandma, or typed; Enter alone is "not now"). `ozen listen` shows it
/// by itself the first time it starts on a terminal; the page has its own.
enum FirstRunCommand {
    static func run(_ arguments: [String]) throws {
        guard arguments.isEmpty else { throw UsageError(tr("first-run לא מקבל ארגומנטים", "first-run takes no arguments")) }
        try ask(home: OzenHome.fromEnvironment())
    }

    static func ask(home: OzenHome) throws {
        let out = FileHandle.standardError
        out.write(Data(("\n" + FirstRun.explanation.map { "  " + $0 }.joined(separator: "\n") + "\n").utf8))
        let choices = FirstRun.suggestions.enumerated().map { "\($0.offset + 1) = \($0.element)" }.joined(separator: ", ")
        out.write(Data(("  " + tr("(\(choices); או הקלידו את השם; Enter בלבד: לא עכשיו) ", "(\(choices); or type the name; Enter alone: not now) ")).utf8))
        let line = readLine(strippingNewline: true)?.trimmingCharacters(in: .whitespaces) ?? ""
        var name: String? = line.isEmpty ? nil : line
        if let number = Int(line), (1...FirstRun.suggestions.count).contains(number) { name = FirstRun.suggestions[number - 1] }
        try FirstRun.answer(name, in: home)
        if let name {
            out.write(Data(("  " + tr("תודה, \(name): כשמישהו יגיד את השם, תופיע התראה. (ozen words list)", "Thank you, \(name): when someone says it, you will see an alert. (ozen words list)") + "\n\n").utf8))
        } else {
            out.write(Data(("  " + tr("בסדר. אפשר להוסיף שם מתי שרוצים: ozen first-run", "All right. A name can be added any time: ozen first-run") + "\n\n").utf8))
        }
    }
}

import Foundation
import OzenKit
import OzenSessions

/// `ozen models use NAME` and `ozen models remove NAME`: which Whisper model captions use when
/// no `--model` is given, and taking one off the disk (`WhisperModelChoice`).
enum ModelsChoiceCommands {
    /// Captions that are running keep their model until they are started again (a running
    /// server would otherwise stop captioning while the new model loads), so she is asked
    /// first; `--yes` answers for a script.
    static func use(_ arguments: [String]) throws {
        let args = try ArgumentReader(arguments, options: [], flags: ["--yes"])
        guard args.positional.count == 1 else { throw UsageError(tr("use מקבל שם של מודל מותקן", "use takes the name of an installed model")) }
        let name = args.positional[0], home = OzenHome.fromEnvironment()
        try WhisperModelChoice.checkUsable(name, home: home)
        let running = RunningCaptions.now(in: home).filter { $0.model != name }
        if !running.isEmpty, !args.flag("--yes") {
            let list = running.map { "\($0.command) (pid \($0.pid), \($0.model))" }.joined(separator: ", ")
            let question = tr("כתוביות רצות עכשיו: \(list). הן ימשיכו עם המודל הנוכחי עד שיופעלו מחדש, ואז ייטען \(name) (הכתוביות ייעצרו עד שיהיה מוכן).",
                              "captions are running now: \(list). They keep their model until they are started again; then \(name) loads, and captions wait until it is ready.")
            guard isatty(STDIN_FILENO) == 1 else {
                throw UsageError(question + tr(" כדי להחליף בכל זאת: --yes", " To switch anyway: --yes"))
            }
            FileHandle.standardError.write(Data((question + tr(" להחליף? [כ/ל] ", " Switch? [y/N] ")).utf8))
            let answer = (readLine() ?? "").trimmingCharacters(in: .whitespaces).lowercased()
            guard ["y", "yes", "כ", "כן"].contains(answer) else { print(tr("לא הוחלף", "not switched")); return }
        }
        try ChosenModel.choose(name, in: home)
        print(tr("מעכשיו הכתוביות משתמשות ב־\(name)", "captions now use \(name)")
              + (running.isEmpty ? "" : tr("; מה שרץ עכשיו יעבור אליו כשיופעל מחדש", "; what runs now moves to it when started again")))
    }

    static func remove(_ arguments: [String]) throws {
        guard arguments.count == 1 else { throw UsageError(tr("remove מקבל שם של מודל", "remove takes a model's name")) }
        let name = arguments[0]
        switch try WhisperModelChoice.remove(name, home: OzenHome.fromEnvironment()) {
        case .removedBackOnEmbedded: print(tr("\(name) הוסר; הכתוביות חוזרות ל־base", "\(name) is removed; captions are back on base"))
        case .removed: print(tr("\(name) הוסר", "\(name) is removed"))
        case .partialDeleted: print(tr("ההורדה החלקית של \(name) נמחקה", "the partial download of \(name) is deleted"))
        }
    }
}

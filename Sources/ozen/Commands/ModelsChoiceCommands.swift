import Foundation
import OzenEngines
import OzenKit
import OzenSessions

/// `ozen models use NAME` and `ozen models remove NAME`: which Whisper model captions use when
/// no `--model` is given, and taking one off the disk.
enum ModelsChoiceCommands {
    /// Captions that are running keep their model until they are started again (a running
    /// server would otherwise stop captioning while the new model loads), so she is asked
    /// first; `--yes` answers for a script.
    static func use(_ arguments: [String]) throws {
        let args = try ArgumentReader(arguments, options: [], flags: ["--yes"])
        guard args.positional.count == 1 else { throw UsageError(tr("use מקבל שם של מודל מותקן", "use takes the name of an installed model")) }
        let name = args.positional[0], home = OzenHome.fromEnvironment()
        let model = try InstalledModel.load(name, in: home)
        guard model.manifest.kind == "whisper-ggml" else {
            throw UsageError(tr("'\(name)' אינו מודל Whisper", "'\(name)' is not a Whisper model"))
        }
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
        let name = arguments[0], home = OzenHome.fromEnvironment()
        guard name != ChosenModel.embedded else {
            throw UsageError(tr("base הוא המודל המובנה ואי אפשר להסיר אותו (`make setup` מתקין אותו)", "base is the embedded model and cannot be removed (`make setup` installs it)"))
        }
        let staging = ModelStaging(home: home, name: name)
        let installed = InstalledModel.installedNames(in: home).contains(name)
        let partial = FileManager.default.fileExists(atPath: staging.folder)
        guard installed || partial else {
            throw ModelError.unknownName(name: name, known: InstalledModel.installedNames(in: home))
        }
        if installed, let kind = (try? InstalledModel.load(name, in: home))?.manifest.kind, kind != "whisper-ggml" {
            throw UsageError(tr("'\(name)' אינו מודל Whisper; `make setup` מנהל אותו", "'\(name)' is not a Whisper model; `make setup` manages it"))
        }
        if installed { try FileManager.default.removeItem(atPath: staging.target) }
        if partial { try FileManager.default.removeItem(atPath: staging.folder) }
        if ChosenModel.name(in: home) == name {
            try ChosenModel.choose(ChosenModel.embedded, in: home)
            print(tr("\(name) הוסר; הכתוביות חוזרות ל־base", "\(name) is removed; captions are back on base"))
        } else {
            print(installed ? tr("\(name) הוסר", "\(name) is removed") : tr("ההורדה החלקית של \(name) נמחקה", "the partial download of \(name) is deleted"))
        }
    }
}

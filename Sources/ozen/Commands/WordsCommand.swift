import Foundation
import OzenKit
import OzenSessions

/// `ozen words add|remove|list`: her names and words list, which primes the recognizer.
enum WordsCommand {
    static func run(_ arguments: [String]) throws {
        let home = OzenHome.fromEnvironment()
        let path = WordsList.path(in: home)
        var list = try WordsList.load(from: path)
        let action = arguments.first ?? "list"
        let words = Array(arguments.dropFirst())
        switch action {
        case "list":
            guard words.isEmpty else { throw UsageError(tr("list לא מקבל מילים", "list takes no words")) }
            if list.entries.isEmpty {
                print(tr("הרשימה ריקה — הוסיפו שמות ומילים: ozen words add רותי", "the list is empty — add names and words: ozen words add Ruth"))
            }
            for (i, entry) in list.entries.enumerated() { print("\(i + 1)\t\(entry)") }
        case "add", "remove":
            guard !words.isEmpty else {
                throw UsageError(String(format: tr("חסרה מילה: ozen words %@ מילה…", "give a word: ozen words %@ WORD…"), action))
            }
            for word in words {
                let changed = action == "add" ? list.add(word) : list.remove(word)
                if !changed {
                    print(String(format: action == "add" ? tr("כבר ברשימה: %@", "already on the list: %@")
                                                         : tr("לא ברשימה: %@", "not on the list: %@"), word))
                }
            }
            try list.save(to: path)
            print(String(format: tr("ברשימה %d מילים; השינוי חל מהמשפט הבא", "%d words on the list; the change applies from the next sentence"), list.entries.count))
        default:
            throw UsageError(tr("words מקבל add, remove או list", "words takes add, remove or list"))
        }
    }
}

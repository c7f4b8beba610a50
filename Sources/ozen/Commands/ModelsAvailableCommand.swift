import Foundation
import OzenKit
import OzenSessions

/// `ozen models available [--json]`: the catalogue, with what fits on this computer, how fast
/// each would run here, the publishers' Hebrew and Swedish error rates, and the recommendation.
enum ModelsAvailableCommand {
    static func run(_ arguments: [String]) throws {
        let args = try ArgumentReader(arguments, options: [], flags: ["--json"])
        guard args.positional.isEmpty else { throw UsageError(tr("available מקבל רק --json", "available takes only --json")) }
        let home = OzenHome.fromEnvironment()
        let catalogue = try ThisComputer.catalogue()
        let computer = ThisComputer.measure(home: home)
        let chosen = ChosenModel.name(in: home)
        let fits = Dictionary(uniqueKeysWithValues: catalogue.models.map { ($0.name, ThisComputer.fit($0, in: catalogue, computer: computer, home: home)) })
        let fit = { (m: CatalogueModel) in fits[m.name]! }
        let hebrewLive = ModelFit.recommendation(for: "he", live: true, in: catalogue, fit: fit)
        let hebrewBest = ModelFit.recommendation(for: "he", live: false, in: catalogue, fit: fit)

        if args.flag("--json") {
            let object = ModelsReport.make(catalogue: catalogue, computer: computer, chosen: chosen, fit: fit, hebrewLive: hebrewLive, hebrewBest: hebrewBest)
            let data = try JSONSerialization.data(withJSONObject: object, options: [.sortedKeys])
            print(String(decoding: data, as: UTF8.self))
            return
        }

        print(tr("שם\tגודל\tזיכרון\tשפה\tעברית WER\tשוודית WER\tמהירות כאן\tרישיון\tהערות",
                 "name\tsize\tmemory\tlanguage\tHebrew WER\tSwedish WER\tspeed here\tlicence\tmarks"))
        for m in catalogue.models {
            let f = fit(m)
            var marks: [String] = []
            if f.installed { marks.append(tr("מותקן", "installed")) }
            if m.name == chosen { marks.append(tr("בשימוש", "in use")) }
            if m.isRecommended(for: "he") { marks.append(tr("המומלץ לעברית", "recommended for Hebrew")) }
            if m.isRecommended(for: "sv") { marks.append(tr("המומלץ לשוודית", "recommended for Swedish")) }
            if !f.fitsDisk { marks.append(tr("אין מספיק מקום בדיסק", "does not fit on this disk")) }
            if !f.fitsMemory { marks.append(tr("אין מספיק זיכרון", "too big for this memory")) }
            print([m.name, DownloadProgress.bytes(Int64(m.size)), "\(m.memoryMB) MB", language(m), rates(m.hebrew, m.figuresOf), rates(m.swedish, m.figuresOf),
                   speed(f), m.licence, marks.joined(separator: ", ")].joined(separator: "\t"))
        }
        print("")
        if let hebrewBest { print(tr("מומלץ לעברית במחשב הזה: \(hebrewBest.name)", "Recommended for Hebrew on this computer: \(hebrewBest.name)") + (fit(hebrewBest).speed == .slow ? tr(" (לקבצים ולהכתבה; איטי מדי לכתוביות חיות כאן)", " (for files and dictation; too slow for live captions here)") : "")) }
        if let hebrewLive, hebrewLive.name != hebrewBest?.name { print(tr("לכתוביות חיות בעברית כאן: \(hebrewLive.name)", "For live Hebrew captions here: \(hebrewLive.name)")) }
        print(tr("מהירות: נמדדה ל־\(catalogue.speedBasis.model) (\(catalogue.speedBasis.command)), מוערכת לפי מספר הפרמטרים לשאר. WER: מהמקורות שבקטלוג (ozen models available --json).",
                 "Speed: measured for \(catalogue.speedBasis.model) (\(catalogue.speedBasis.command)), estimated from parameter counts for the rest. WER: from the sources named in the catalogue (ozen models available --json)."))
        print(tr("להתקנה: ozen models install NAME", "To install: ozen models install NAME"))
    }

    static func language(_ m: CatalogueModel) -> String {
        switch m.languages {
        case ["he"]: return tr("עברית", "Hebrew")
        case ["sv"]: return tr("שוודית", "Swedish")
        default: return tr("רב־לשוני", "multilingual")
        }
    }

    /// "5.3 % eval-d1, 18.1 % FLEURS", or "—" when nothing is published.
    static func rates(_ rates: [CatalogueModel.ErrorRate]?, _ figuresOf: String?) -> String {
        guard let rates, !rates.isEmpty else { return figuresOf == nil ? "—" : tr("כמו \(figuresOf!)", "as \(figuresOf!)") }
        // The sets most often quoted first: ivrit.ai's eval-d1 and FLEURS.
        let rank = { (r: CatalogueModel.ErrorRate) in ["eval-d1": 0, "FLEURS": 1][r.set] ?? 2 }
        let shown = rates.enumerated().sorted { (rank($0.element), $0.offset) < (rank($1.element), $1.offset) }.map(\.element)
        return shown.prefix(2).map { String(format: "%.1f %% ", $0.wer) + $0.set }.joined(separator: ", ")
    }

    static func speed(_ f: ModelFit) -> String {
        let times = f.timesRealTime >= 1 ? String(format: "%.1f×", f.timesRealTime) : String(format: "%.2f×", f.timesRealTime)
        switch f.speed {
        case .live: return tr("חי (\(times))", "live (\(times))")
        case .strained: return tr("חי בקושי (\(times))", "live, strained (\(times))")
        case .slow: return tr("קבצים בלבד (\(times))", "files only (\(times))")
        }
    }
}

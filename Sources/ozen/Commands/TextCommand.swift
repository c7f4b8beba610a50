import Foundation
import OzenKit
import OzenSessions

/// `ozen text [--alert WORD]... [--json] [--language he|en|sv]`: runs the caption pipeline's
/// text stage (`TextStage`: direction, numbers, keyword alerts) over lines read from stdin,
/// so a family can check before a visit that her name will fire. Each line is one settled
/// caption line; ids count from 1 and the clock advances 3 s a line, so a keyword repeated
/// on the next few lines shows the 15 s alert throttle.
enum TextCommand {
    /// Seconds of audio between two lines read from stdin.
    static let secondsPerLine = 3.0

    static func run(_ arguments: [String]) throws {
        var rest: [String] = []
        var words: [String] = []
        var i = 0
        while i < arguments.count {
            let a = arguments[i]
            if a == "--alert" {
                guard i + 1 < arguments.count else {
                    throw UsageError(tr("ל־--alert חסרה מילה: ozen text --alert רותי", "--alert needs a word: ozen text --alert Ruth"))
                }
                words.append(arguments[i + 1])
                i += 2
            } else if a.hasPrefix("--alert=") {
                words.append(String(a.dropFirst("--alert=".count)))
                i += 1
            } else {
                rest.append(a)
                i += 1
            }
        }
        let args = try ArgumentReader(rest, options: ["--language"], flags: ["--json"])
        guard args.positional.isEmpty else {
            throw UsageError(String(format: tr("text קורא שורות מהקלט הרגיל ולא מקבל קבצים, קיבל '%@'",
                                               "text reads lines from stdin and takes no files, got '%@'"),
                                    args.positional[0]))
        }
        let language = try args.spokenLanguage(among: [.hebrew, .english, .swedish]).rawValue
        let keywords = try words.map { word in
            guard let keyword = KeywordAlert(word) else {
                throw UsageError(String(format: tr("ב־--alert צריכה להיות מילה עם אותיות, קיבל '%@'",
                                                   "--alert needs a word with letters, got '%@'"), word))
            }
            return keyword
        }

        var stage = TextStage(language: language, keywords: keywords)
        let json = args.flag("--json")
        var id = 0
        while let text = readLine() {
            guard !text.trimmingCharacters(in: .whitespaces).isEmpty else { continue }
            id += 1
            let at = Double(id - 1) * secondsPerLine
            let result = stage.process(SettledLine(id: id, text: text, at: at))
            if json {
                write(JSONValue.object([
                    ("type", .string("text")), ("at", .number(at, decimals: 3)), ("id", .int(id)),
                    ("text", .string(text)), ("language", .string(language)),
                    ("direction", .string(result.direction.rawValue)),
                    ("numbers", result.numbersJSON), ("highlights", result.highlightsJSON),
                ]).serialized())
                for alert in result.alerts { write(alert.json.serialized()) }
            } else {
                write("[\(id)] \(text)")
                for number in result.numbers {
                    let said = number.range.substring(of: text) ?? ""
                    let value = number.digits ?? number.value.map(format) ?? ""
                    write("    \(tr("מספר", "number")): \(name(number.kind)) «\(said)» \(value)")
                }
                for alert in result.alerts {
                    write("    \(tr("התראה", "ALERT")): \(alert.word) «\(alert.said)»")
                }
                let alerted = Set(result.alerts.map(\.range))
                for highlight in result.highlights where !alerted.contains(highlight.range) {
                    let said = highlight.range.substring(of: text) ?? ""
                    write("    \(tr("מודגש (בלי התראה חוזרת)", "highlighted (no repeat alert)")): \(highlight.word) «\(said)»")
                }
            }
        }
    }

    private static func name(_ kind: NumberKind) -> String {
        switch kind {
        case .time: return tr("שעה", "time")
        case .amount: return tr("כמות", "amount")
        case .date: return tr("תאריך", "date")
        case .phone: return tr("טלפון", "phone")
        case .count: return tr("מספר", "count")
        case .frequency: return tr("תדירות", "frequency")
        case .duration: return tr("משך", "duration")
        }
    }

    private static func format(_ value: Double) -> String {
        value == value.rounded() ? String(Int(value)) : String(format: "%.2f", value)
    }

    private static func write(_ text: String) {
        FileHandle.standardOutput.write(Data((text + "\n").utf8))
    }
}

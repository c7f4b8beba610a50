import Foundation
import OzenKit
import OzenSessions

/// `ozen sounds eval [--half tune|report] [--levels 0,-10,-20] [--minutes 60] [--tune] [--json]`:
/// how well the sound alerts hear real sounds in real talk (`SoundsEval` says how).
enum SoundsEvalCommand {
    static func settings(_ arguments: [String]) throws -> SoundsEvalSettings {
        let args = try ArgumentReader(arguments, options: ["--half", "--levels", "--minutes", "--fixtures", "--only"],
                                      flags: ["--tune", "--json"])
        guard args.positional.isEmpty else { throw UsageError(SoundsCommand.usage) }
        let levels = try (args.value("--levels") ?? "0,-10,-20").split(separator: ",").map { raw -> Double in
            guard let level = Double(raw.trimmingCharacters(in: .whitespaces)), (-40...40).contains(level) else {
                throw UsageError(tr("--levels צריך מספרי dB מופרדים בפסיקים, למשל 0,-10,-20", "--levels needs dB numbers separated by commas, e.g. 0,-10,-20"))
            }
            return level
        }
        let minutesRaw = args.value("--minutes") ?? "60"
        // The looped talk is held in memory: 120 minutes is 460 MB of samples.
        guard let minutes = Double(minutesRaw), minutes >= 0, minutes <= 120 else {
            throw UsageError(tr("--minutes צריך מספר דקות בין 0 ל־120, קיבל '\(minutesRaw)'", "--minutes needs minutes between 0 and 120, got '\(minutesRaw)'"))
        }
        let tune = args.flag("--tune")
        let halfRaw = args.value("--half") ?? (tune ? "tune" : "report")
        guard let half = AlertRecording.Half(rawValue: halfRaw) else {
            throw UsageError(tr("--half צריך tune או report, קיבל '\(halfRaw)'", "--half needs tune or report, got '\(halfRaw)'"))
        }
        guard !tune || half == .tune else {
            throw UsageError(tr("--tune בוחר את המספרים על חצי tune בלבד", "--tune chooses the numbers on the tune half only"))
        }
        return SoundsEvalSettings(half: half, levels: levels, minutes: minutes, folder: try FixturesFolder.checked(args.value("--fixtures")),
                       only: args.values("--only"), tune: tune, json: args.flag("--json"))
    }

    static func run(_ arguments: [String], home: OzenHome) throws {
        print(try SoundsEval.run(try settings(arguments), home: home))
    }
}

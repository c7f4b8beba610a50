import Foundation
import OzenKit
import OzenSessions

/// `ozen sounds eval [--half tune|report] [--levels 0,-10,-20] [--minutes 60] [--tagger efficientat|yamnet]
/// [--feed 16000|32000] [--tune] [--json]`:
/// how well the sound alerts hear real sounds in real talk (`SoundsEval` says how).
enum SoundsEvalCommand {
    static func settings(_ arguments: [String]) throws -> SoundsEvalSettings {
        let args = try ArgumentReader(arguments, options: ["--half", "--levels", "--minutes", "--music-minutes", "--fixtures", "--only", "--tagger", "--feed", "--window", "--recent", "--hop"],
                                      flags: ["--tune", "--json", "--against-talk", "--retune", "--ceiling", "--taught", "--on-grid"])
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
        let taggerRaw = args.value("--tagger") ?? SoundTagger.standard.rawValue
        guard let tagger = SoundTagger.named(taggerRaw) else {
            throw UsageError(tr("--tagger צריך efficientat, yamnet או both, קיבל '\(taggerRaw)'", "--tagger needs efficientat, yamnet or both, got '\(taggerRaw)'"))
        }
        let feedRaw = args.value("--feed") ?? "16000"
        guard let feed = Int(feedRaw), feed == 16_000 || feed == 32_000 else {
            throw UsageError(tr("--feed צריך 16000 או 32000, קיבל '\(feedRaw)'", "--feed needs 16000 or 32000, got '\(feedRaw)'"))
        }
        var window: Double?
        if let raw = args.value("--window") {
            guard tagger != .yamnet, let seconds = Double(raw), (0.5...10).contains(seconds) else {
                throw UsageError(tr("--window צריך שניות בין 0.5 ל־10, ל־efficientat בלבד", "--window needs seconds between 0.5 and 10, for efficientat only"))
            }
            window = seconds
        }
        var settings = SoundsEvalSettings(half: half, levels: levels, minutes: minutes, folder: try FixturesFolder.checked(args.value("--fixtures")),
                                          only: args.values("--only"), tune: tune, json: args.flag("--json"), tagger: tagger, feedRate: feed,
                                          windowSeconds: window, recentSeconds: try recent(args.value("--recent"), tagger: tagger))
        if let raw = args.value("--music-minutes") {
            guard let minutes = Double(raw), (0...120).contains(minutes) else {
                throw UsageError(tr("--music-minutes צריך דקות בין 0 ל־120, קיבל '\(raw)'", "--music-minutes needs minutes between 0 and 120, got '\(raw)'"))
            }
            settings.musicMinutes = minutes
        }
        if let raw = args.value("--hop") {
            guard let seconds = Double(raw), (0.1...1).contains(seconds) else { throw UsageError(tr("--hop צריך שניות בין 0.1 ל־1, קיבל '\(raw)'", "--hop needs seconds between 0.1 and 1, got '\(raw)'")) }
            settings.hopSeconds = seconds
        }
        settings.onGrid = args.flag("--on-grid")
        if args.flag("--retune") { guard !tune, half == .report else { throw UsageError(tr("‏--retune בוחר על חצי tune ומדווח על חצי report", "--retune chooses on the tune half and reports on the report half")) }; settings.retune = true }
        if args.flag("--ceiling") {
            guard !tune, !settings.retune else { throw UsageError(tr("‏--ceiling בוחר את המספרים על החצי המדווח עצמו: בלי --tune או --retune", "--ceiling chooses the numbers on the half it reports: not with --tune or --retune")) }
            settings.ceiling = true
        }
        if args.flag("--against-talk") { guard tune || settings.retune || settings.ceiling else { throw UsageError(tr("‏--against-talk הולך עם --tune, --retune או --ceiling: הוא דרך לבחור את המספרים", "--against-talk goes with --tune, --retune or --ceiling: it is a way to choose the numbers")) }; settings.againstTalk = true }
        return settings
    }

    /// `--recent SECONDS`: EfficientAT also scores the end of each window alone (default 1; 0: not).
    static func recent(_ raw: String?, tagger: SoundTagger) throws -> Double? {
        guard let raw else { return nil }
        guard tagger == .efficientat, let seconds = Double(raw), seconds == 0 || (0.25...5).contains(seconds) else {
            throw UsageError(tr("--recent צריך 0 (בלי) או שניות בין 0.25 ל־5, ל־efficientat בלבד",
                                "--recent needs 0 (none) or seconds between 0.25 and 5, for efficientat only"))
        }
        return seconds
    }

    static func run(_ arguments: [String], home: OzenHome) throws {
        if arguments.contains("--taught") {
            print(try TaughtSoundsEval.run(try settings(arguments.filter { $0 != "--taught" })))
            return
        }
        print(try SoundsEval.run(try settings(arguments), home: home))
    }
}

import Foundation
import OzenKit

/// `ozen sounds eval --taught [--levels 0,-10] [--minutes 60] [--feed 16000|32000]`: how well a
/// sound she taught from one recording is found when it rings under conversation, how soon,
/// and how often a taught sound is raised where it is not.
///
/// Every real recording of a half that must raise an alert is taught from itself alone (its
/// 16 kHz copy, as `ozen sounds teach` takes a file), all of them at once, as if she had taught
/// them all; then each real recording of the half (sounds that must raise nothing among them)
/// is laid into each of the half's speech recordings, 2 s in, at each level, as `ozen sounds
/// eval` lays them. A trial is found when its own sound is raised from 0.5 s before it starts
/// to 2 s after it ends; the onset is from the sound's start to the moment its alert was sure
/// (`TaughtSoundMatcher.sureAt`). A taught sound of another kind raised in a trial is a wrong
/// alert (two babies crying may be taken for each other; a baby for a doorbell may not); the
/// half's plain talk, looped to `minutes`, counts alerts per taught sound and hour. The votes
/// needed are chosen on the tune half (the fewest at which its talk raises under one alert per
/// ten sound-hours and wrong alerts come in under one trial in twenty) and reported on the
/// report half, which chose nothing.
public enum TaughtSoundsEval {
    struct Trial {
        /// Index of its own sound among the taught, nil for one that must raise nothing.
        var own: Int?
        var level: Double
        var start: Double
        var end: Double
        var landmarks: [SoundLandmark]
    }

    struct Heard {
        var taught: [AlertRecording]
        var sounds: [TaughtSound]
        var trials: [Trial]
        var talk: [SoundLandmark]
        var talkSeconds: Double
        /// The half's music, alone and under its talk (`SoundsEval.music`).
        var music: [SoundLandmark]
        var musicSeconds: Double
        var rate: Int
    }

    struct Outcome {
        var found: [Double: Int] = [:]
        var tried: [Double: Int] = [:]
        var onsets: [Double: [Double]] = [:]
        var wrong = 0
        var talkAlerts = 0
        var talkPerSoundHour = 0.0
        var musicAlerts = 0
        /// Recordings missed at the loudest level, with how many of their trials there missed.
        var missed: [String: Int] = [:]
    }

    typealias Rule = TaughtSoundMatcher.VoteRule

    /// The rules tried, each with the one a grid step looser (nil for the loosest).
    static let rules: [(rule: Rule, looser: Rule?)] = {
        let fixed = [10, 15, 20, 25, 30, 40, 50, 60]
        var out: [(Rule, Rule?)] = fixed.indices.map { (Rule.fixed(fixed[$0]), $0 == 0 ? nil : Rule.fixed(fixed[$0 - 1])) }
        let shares = [0.1, 0.15, 0.2, 0.25, 0.3, 0.4]
        for fewest in [15, 20, 25] {
            for (k, share) in shares.enumerated() {
                out.append((Rule(share: share, fewest: fewest, most: 60),
                            k == 0 ? Rule.fixed(fewest) : Rule(share: shares[k - 1], fewest: fewest, most: 60)))
            }
        }
        return out
    }()

    public static func run(_ options: SoundsEvalSettings) throws -> String {
        let tune = try hear(.tune, options: options)
        var tuned: [Rule: Outcome] = [:]
        for rule in Set(rules.map(\.rule) + rules.compactMap(\.looser)) { tuned[rule] = outcome(tune, rule: rule) }
        // Rules that keep the tune half quiet (no wrong alert, none in its talk or its music)
        // with a grid step to spare (the looser one is quiet too), as the kinds' search keeps
        // one; of those, the one that finds the most there.
        func quiet(_ rule: Rule?) -> Bool { rule.flatMap { tuned[$0] }.map { $0.talkAlerts == 0 && $0.wrong == 0 && $0.musicAlerts == 0 } ?? false }
        let chosen = rules.filter { quiet($0.rule) && quiet($0.looser) }.map(\.rule)
            .max { found(tuned[$0]!) < found(tuned[$1]!) } ?? rules.last!.rule
        let report = try hear(.report, options: options)
        var lines = [tr("צלילים שלימדו, כל אחד מהקלטה אחת שלו לבדה (ozen sounds eval --taught, מוזן ב־\(options.feedRate) הרץ):",
                        "taught sounds, each from one recording of it alone (ozen sounds eval --taught, fed at \(options.feedRate) Hz):"),
                     tr("  נבחר על חצי tune (\(tune.taught.count) צלילים): \(chosen); ב־Ozen: \(Rule.standard)",
                        "  chosen on the tune half (\(tune.taught.count) sounds): \(chosen) votes; Ozen's: \(Rule.standard)")]
        let standard = outcome(report, rule: .standard)
        lines.append("  report (\(report.taught.count) " + tr("צלילים", "sounds") + ", \(Rule.standard)): " + summary(standard, heard: report, levels: options.levels))
        lines.append(tr("  לא נמצאו ברמה הגבוהה (ניסויים):", "  missed at the loudest level (trials):") + " "
                     + standard.missed.sorted { $0.key < $1.key }.map { "\($0.key) \($0.value)" }.joined(separator: ", "))
        lines.append(tr("  בכל כלל:", "  at each rule:"))
        for (rule, _) in rules {
            lines.append("    tune \(rule): " + summary(tuned[rule]!, heard: tune, levels: options.levels))
        }
        for (rule, _) in rules {
            lines.append("    report \(rule): " + summary(outcome(report, rule: rule), heard: report, levels: options.levels))
        }
        return lines.joined(separator: "\n")
    }

    /// Trials found at every level together.
    static func found(_ result: Outcome) -> Int { result.found.values.reduce(0, +) }

    static func summary(_ result: Outcome, heard: Heard, levels: [Double]) -> String {
        var parts: [String] = []
        for level in levels {
            parts.append("\(Int(level)) dB \(result.found[level] ?? 0)/\(result.tried[level] ?? 0)")
            if let onsets = result.onsets[level], !onsets.isEmpty {
                parts.append(tr("חציון השהיה \(String(format: "%.2f", Percentile.median(onsets) ?? 0)) שנ׳", "median onset \(String(format: "%.2f", Percentile.median(onsets) ?? 0)) s"))
            }
        }
        parts.append(tr("התראות מסוג אחר \(result.wrong) ב־\(heard.trials.count) ניסויים", "alerts of another kind \(result.wrong) in \(heard.trials.count) trials"))
        parts.append(tr("בדיבור \(result.talkAlerts) ב־\(Int(heard.talkSeconds / 60)) דק׳ (\(String(format: "%.2f", result.talkPerSoundHour)) לצליל לשעה)",
                        "in talk \(result.talkAlerts) in \(Int(heard.talkSeconds / 60)) min (\(String(format: "%.2f", result.talkPerSoundHour)) per sound an hour)"))
        if heard.musicSeconds > 0 {
            parts.append(tr("במוזיקה \(result.musicAlerts) ב־\(Int(heard.musicSeconds / 60)) דק׳", "in music \(result.musicAlerts) in \(Int(heard.musicSeconds / 60)) min"))
        }
        return parts.joined(separator: ", ")
    }

    static func outcome(_ heard: Heard, rule: TaughtSoundMatcher.VoteRule) -> Outcome {
        var result = Outcome()
        for trial in heard.trials {
            var matcher = TaughtSoundMatcher(sounds: heard.sounds, rate: heard.rate, rule: rule)
            let alerts = matcher.match(trial.landmarks)
            let ownKind = trial.own.map { heard.taught[$0].kind }
            for alert in alerts {
                guard let index = heard.sounds.firstIndex(where: { $0.name == alert.className }) else { continue }
                if ownKind == nil || heard.taught[index].kind != ownKind! { result.wrong += 1 }
            }
            guard let own = trial.own else { continue }
            result.tried[trial.level, default: 0] += 1
            let name = heard.sounds[own].name
            if let alert = alerts.first(where: { $0.className == name && $0.at >= trial.start - 0.5 && $0.at <= trial.end + 2 }) {
                result.found[trial.level, default: 0] += 1
                result.onsets[trial.level, default: []].append(max(0, alert.at - trial.start))
            } else if trial.level == heard.trials.map(\.level).max() {
                result.missed[name, default: 0] += 1
            }
        }
        var matcher = TaughtSoundMatcher(sounds: heard.sounds, rate: heard.rate, rule: rule)
        result.talkAlerts = matcher.match(heard.talk).count
        result.talkPerSoundHour = Double(result.talkAlerts) / max(Double(heard.sounds.count) * heard.talkSeconds / 3600, 1e-9)
        var listener = TaughtSoundMatcher(sounds: heard.sounds, rate: heard.rate, rule: rule)
        result.musicAlerts = listener.match(heard.music).count
        return result
    }

    static func hear(_ half: AlertRecording.Half, options: SoundsEvalSettings) throws -> Heard {
        let feed = options.feedRate
        let real = try SoundsEval.recordings(in: options.folder).filter { $0.half == half && !$0.isStandIn }
        let taught = real.filter { $0.kind != nil }
        let sounds = try taught.map { recording in
            let samples = try SoundsEval.alertSamples(recording.file, folder: options.folder, rate: MonoAudio.speechRate)
            return TaughtSound(name: recording.file, group: .doorbell,
                               prints: [TaughtSound.Print(recording: recording.file, samples: samples, rate: MonoAudio.speechRate)])
        }
        let beds = try SoundsEval.speechBeds(half, folder: options.folder).map { (name: $0.name, samples: SoundsEval.upsampled($0.samples, to: feed)) }
        var trials: [Trial] = []
        // Sounds that must raise nothing are laid in at the loudest level only.
        let levels = { (recording: AlertRecording) in recording.kind == nil ? [options.levels.max() ?? 0] : options.levels }
        try SoundsEval.forEachMix(of: real, in: beds, levels: levels, rate: feed, folder: options.folder,
                                  spread: options.onGrid ? nil : SoundLandmarks.frameSeconds) { mix in
            trials.append(Trial(own: taught.firstIndex(of: mix.recording), level: mix.level, start: mix.start, end: mix.end,
                                landmarks: SoundLandmarks.of(mix.samples, rate: feed)))
        }
        let talk = try SoundsEval.talk(half, beds: beds, folder: options.folder, minutes: options.minutes, rate: feed)
        let music = try SoundsEval.music(half, beds: beds, folder: options.folder, minutes: options.musicMinutes, rate: feed)
        return Heard(taught: taught, sounds: sounds, trials: trials, talk: SoundLandmarks.of(talk.samples, rate: feed),
                     talkSeconds: talk.seconds, music: music.map { SoundLandmarks.of($0.samples, rate: feed) } ?? [],
                     musicSeconds: music?.seconds ?? 0, rate: feed)
    }
}

import OzenKit
import OzenSessions

/// `ozen models speed [--again]`: for every installed Whisper model as the live model and every
/// one as the final (correction) model, whether the pair keeps up at real time on this computer
/// with speakers, sounds and corrections on (`PairCalibration`). Pairs measured before are read
/// back; `--again` times them anew.
enum ModelsSpeedCommand {
    static func run(_ arguments: [String]) throws {
        let args = try ArgumentReader(arguments, options: [], flags: ["--again"])
        guard args.positional.isEmpty else { throw UsageError(tr("speed מקבל רק ‏--again", "speed takes only --again")) }
        let home = OzenHome.fromEnvironment()
        let whisper = PairCalibration.whisperModels(in: home)
        guard !whisper.isEmpty else { throw UsageError(tr("אין מודל Whisper מותקן: הריצו את scripts/setup.sh", "no Whisper model is installed: run scripts/setup.sh")) }
        print(tr("כל זוג: מודל חי ← מודל סופי (תיקון); נמדד פעם אחת במחשב הזה ונשמר (‏--again מודד שוב)",
                 "each pair: live model → final (correction) model; timed once on this computer and kept (--again times it anew)"))
        for live in whisper {
            for final in whisper {
                let (speed, now) = try PairCalibration.speed(live: live, final: final, home: home, again: args.flag("--again"))
                print("\(live) → \(final)\t\(speed.verdict)\(now ? "" : tr("\t(נשמר)", "\t(kept)"))")
            }
        }
    }
}

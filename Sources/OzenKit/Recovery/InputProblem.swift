/// Why live audio stopped coming (a microphone, the speech engine, a client's connection), and
/// whether waiting can fix it.
///
/// What only a person can fix (a microphone that is not there, no permission to use it, a
/// model that is not installed) is never retried: trying again cannot succeed, and a loop
/// of retries would hide the one thing she has to do. Those say what to do instead. Every
/// other problem is retried on the `RetrySchedule`.
public enum InputProblem: Error, Sendable, Equatable, CustomStringConvertible {
    /// The microphone asked for is not connected (when starting: it was never there).
    case microphoneMissing(name: String)
    /// No microphone is connected at all.
    case noMicrophone
    /// No sound server answered, so what the computer plays cannot be heard.
    case soundServerUnreachable(detail: String)
    /// The computer has no output by that name (nil: none at all) whose sound can be heard.
    case outputMissing(name: String?)
    /// The system does not let Ozen open the microphone.
    case microphoneForbidden(name: String)
    /// A model the pipeline needs is not installed.
    case modelMissing(name: String)
    /// The microphone was in use and went away (unplugged): it is awaited, not given up.
    case microphoneDisconnected(name: String)
    /// The microphone's stream stopped or could not be opened; the device is still listed.
    case microphoneStopped(name: String, detail: String)
    /// The microphone delivered only exact zeros for `seconds`.
    case microphoneSilent(name: String, seconds: Double)
    /// The microphone delivered nothing at all for `seconds`.
    case microphoneStalled(name: String, seconds: Double)
    /// The speech engine failed on a pass.
    case engineFailed(detail: String)
    /// The connection audio came in on was lost.
    case connectionLost(detail: String)

    /// True for what retrying cannot fix.
    public var needsPerson: Bool {
        switch self {
        case .microphoneMissing, .noMicrophone, .microphoneForbidden, .modelMissing, .soundServerUnreachable, .outputMissing: return true
        case .microphoneDisconnected, .microphoneStopped, .microphoneSilent, .microphoneStalled,
             .engineFailed, .connectionLost: return false
        }
    }

    /// What happened, in a sentence.
    public var reason: String {
        switch self {
        case .microphoneMissing(let name):
            return tr("המיקרופון '\(name)' לא מחובר", "microphone '\(name)' is not connected")
        case .noMicrophone:
            return tr("אין מיקרופון מחובר", "no microphone is connected")
        case .soundServerUnreachable(let detail):
            return tr("שרת הקול של המחשב לא ענה (\(detail))", "the computer's sound server did not answer (\(detail))")
        case .outputMissing(let name?):
            return tr("למחשב אין יציאת קול בשם '\(name)'", "this computer has no sound output called '\(name)'")
        case .outputMissing(nil):
            return tr("למחשב אין יציאת קול ששומעים ממנה", "this computer has no sound output to listen to")
        case .microphoneForbidden(let name):
            return tr("אין ל־Ozen הרשאה להשתמש במיקרופון '\(name)'", "Ozen is not allowed to use microphone '\(name)'")
        case .modelMissing(let name):
            return tr("המודל '\(name)' לא מותקן", "the model '\(name)' is not installed")
        case .microphoneDisconnected(let name):
            return tr("המיקרופון '\(name)' נותק — הכתוביות יחזרו כשיחובר שוב",
                      "microphone '\(name)' was disconnected — captions resume when it is plugged back in")
        case .microphoneStopped(let name, let detail):
            return tr("המיקרופון '\(name)' הפסיק לעבוד (\(detail))", "microphone '\(name)' stopped working (\(detail))")
        case .microphoneSilent(let name, let seconds):
            return tr("מהמיקרופון '\(name)' מגיע רק שקט מוחלט כבר \(Int(seconds)) שניות",
                      "microphone '\(name)' has sent only digital silence for \(Int(seconds)) s")
        case .microphoneStalled(let name, let seconds):
            return tr("מהמיקרופון '\(name)' לא הגיע קול כבר \(Int(seconds)) שניות",
                      "microphone '\(name)' has sent no audio for \(Int(seconds)) s")
        case .engineFailed(let detail):
            return tr("מנוע הדיבור נכשל (\(detail))", "the speech engine failed (\(detail))")
        case .connectionLost(let detail):
            return tr("החיבור נותק (\(detail))", "the connection was lost (\(detail))")
        }
    }

    /// What she can do about it; empty for what Ozen retries by itself.
    public var action: String {
        switch self {
        case .microphoneMissing:
            return tr("חברו אותו או בחרו אחר מתוך `ozen devices`", "plug it in or pick another with `ozen devices`")
        case .noMicrophone:
            return tr("חברו מיקרופון ובדקו שהוא מופיע ב־`ozen devices`", "plug one in and check that `ozen devices` lists it")
        case .soundServerUnreachable:
            return tr("Ozen שומע את מה שהמחשב משמיע דרך PulseAudio או שרת ה־pulse של PipeWire: הפעילו אותו (systemctl --user start pipewire-pulse או pulseaudio --start) או כוונו אליו את PULSE_SERVER",
                      "Ozen hears what this computer plays through PulseAudio or PipeWire's pulse server: start it (systemctl --user start pipewire-pulse, or pulseaudio --start) or point PULSE_SERVER at it")
        case .outputMissing:
            return tr("בחרו אחת מתוך `ozen devices`", "pick one from `ozen devices`")
        case .microphoneForbidden:
            return tr("הוסיפו את המשתמש לקבוצה audio ‏(sudo adduser $USER audio) והתחברו מחדש",
                      "add your user to the audio group (sudo adduser $USER audio) and log in again")
        case .modelMissing:
            return tr("הריצו `make setup` כדי להתקין אותו", "run `make setup` to install it")
        default:
            return ""
        }
    }

    /// The status a front end shows: failed with what to do, or retrying in `seconds`.
    public func status(retryingIn seconds: Double) -> CaptionStatus {
        needsPerson ? .failed(reason: reason, action: action) : .retrying(reason: reason, seconds: seconds)
    }

    public var description: String { action.isEmpty ? reason : "\(reason) — \(action)" }
}

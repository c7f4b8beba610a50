import Foundation
import OzenKit

/// `ozen service install | remove | status`: `ozen serve` as a systemd user service. The unit
/// (`ServiceUnit`) goes to $XDG_CONFIG_HOME/systemd/user/ozen.service (~/.config/… by
/// default); when her user systemd answers it is reloaded and the service enabled and started,
/// otherwise she is told the unit was written and what to run. Each call returns the lines to
/// print; nothing here needs root (starting at boot without a login does, once:
/// `sudo loginctl enable-linger $USER`).
public struct UserService {
    public let unitPath: String
    let environment: OzenEnvironment

    public init(environment: OzenEnvironment = .current) {
        self.environment = environment
        let config = environment.configHome ?? (environment.homeFolder ?? NSHomeDirectory()) + "/.config"
        unitPath = config + "/systemd/user/" + ServiceUnit.name
    }

    var user: String { environment.userName ?? NSUserName() }
    var lingerCommand: String { "sudo loginctl enable-linger \(user)" }
    static let startCommand = "systemctl --user daemon-reload && systemctl --user enable --now \(ServiceUnit.name)"

    /// Writes the unit for this `ozen` (`--lan` when asked) and starts it where systemd answers.
    public func install(lan: Bool) throws -> [String] {
        let program = ThisProgram.command
        let settings = [Knob.home, Knob.web].compactMap { knob in
            environment[knob].flatMap { $0.isEmpty ? nil : (name: knob.name, value: $0) }
        }
        let text = ServiceUnit.text(program: program, lan: lan, environment: settings)
        do {
            try FileManager.default.createDirectory(atPath: (unitPath as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
            try text.write(toFile: unitPath, atomically: true, encoding: .utf8)
        } catch {
            throw UsageError(tr("לא ניתן לכתוב את \(unitPath): \(error.localizedDescription) — בדקו את ההרשאות של התיקייה",
                                "cannot write \(unitPath): \(error.localizedDescription) — check that folder's permissions"))
        }
        let runs = program + (lan ? " serve --lan" : " serve")
        var lines = [tr("נכתב \(unitPath) (מריץ: \(runs))", "wrote \(unitPath) (runs: \(runs))")]
        if ThisProgram.layout == nil {
            lines.append(tr("שימו לב: ה־ozen הזה אינו מותקן (make install), והשירות יריץ את \(program) כל עוד הוא קיים",
                            "note: this ozen is not an installed one (make install); the service runs \(program) for as long as it is there"))
        }
        if let why = UserSystemd.unreachable() {
            lines.append(tr("אין כאן systemd של משתמש (\(why)); השירות לא הופעל. בהפעלת שולחן העבודה שלכם הריצו: \(Self.startCommand)",
                            "no user systemd is reachable here (\(why)); the service was not started. In your desktop session run: \(Self.startCommand)"))
        } else {
            for step in [["daemon-reload"], ["enable", "--now", ServiceUnit.name]] {
                let answer = UserSystemd.run(step)
                guard let answer, answer.succeeded else {
                    let said = answer?.output ?? ""
                    throw ServiceFailed(description: tr("systemctl --user \(step.joined(separator: " ")) נכשל: \(said) — ראו journalctl --user -u ozen",
                                                        "systemctl --user \(step.joined(separator: " ")) failed: \(said) — see journalctl --user -u ozen"))
                }
            }
            lines.append(tr("ozen serve פועל עכשיו ויתחיל עם כל כניסה שלכם; ozen service status מראה את מצבו",
                            "ozen serve runs now and starts whenever you log in; ozen service status shows it"))
        }
        if !UserSystemd.lingers(user: user) {
            lines.append(tr("כדי שיתחיל עם הדלקת המחשב, גם בלי כניסה (צריך root, פעם אחת): \(lingerCommand)",
                            "to start it at boot without logging in (needs root, once): \(lingerCommand)"))
        }
        return lines
    }

    /// Stops and disables the service where systemd answers, and deletes the unit. Safe to repeat.
    public func remove() throws -> [String] {
        let present = FileManager.default.fileExists(atPath: unitPath)
        var lines: [String] = []
        if let why = UserSystemd.unreachable() {
            if present {
                lines.append(tr("אין כאן systemd של משתמש (\(why)); אם השירות פועל בהפעלת שולחן העבודה, הריצו שם: systemctl --user disable --now \(ServiceUnit.name)",
                                "no user systemd is reachable here (\(why)); if the service runs in your desktop session, run there: systemctl --user disable --now \(ServiceUnit.name)"))
            }
        } else if present {
            _ = UserSystemd.run(["disable", "--now", ServiceUnit.name])
        }
        guard present else {
            return [tr("אין יחידה ב־\(unitPath); אין מה להסיר", "no unit at \(unitPath); nothing to remove")]
        }
        do { try FileManager.default.removeItem(atPath: unitPath) } catch {
            throw UsageError(tr("לא ניתן למחוק את \(unitPath): \(error.localizedDescription) — בדקו את ההרשאות של התיקייה",
                                "cannot delete \(unitPath): \(error.localizedDescription) — check that folder's permissions"))
        }
        if UserSystemd.unreachable() == nil { _ = UserSystemd.run(["daemon-reload"]) }
        lines.append(tr("השירות הוסר: \(unitPath) נמחק", "the service is removed: \(unitPath) is deleted"))
        return lines
    }

    /// Whether the unit is written, enabled and running, and whether it starts at boot.
    public func status() -> [String] {
        guard FileManager.default.fileExists(atPath: unitPath) else {
            return [tr("לא מותקן: אין \(unitPath) (ozen service install מתקין)", "not installed: no \(unitPath) (ozen service install writes it)")]
        }
        var lines = [tr("יחידה: \(unitPath)", "unit: \(unitPath)")]
        if let why = UserSystemd.unreachable() {
            lines.append(tr("אין כאן systemd של משתמש (\(why)), ולכן לא ידוע אם הוא פועל", "no user systemd is reachable here (\(why)), so whether it runs is unknown"))
        } else {
            let enabled = UserSystemd.run(["is-enabled", ServiceUnit.name])?.output ?? "?"
            let active = UserSystemd.run(["is-active", ServiceUnit.name])?.output ?? "?"
            lines.append(tr("מופעל עם הכניסה: \(enabled)", "enabled: \(enabled)"))
            lines.append(tr("פועל: \(active)", "running: \(active)"))
        }
        lines.append(UserSystemd.lingers(user: user)
                     ? tr("מתחיל עם הדלקת המחשב, גם בלי כניסה: כן", "starts at boot without a login: yes")
                     : tr("מתחיל עם הדלקת המחשב, גם בלי כניסה: לא (\(lingerCommand))", "starts at boot without a login: no (\(lingerCommand))"))
        return lines
    }
}

/// systemctl refused a step of `ozen service`: its words, and where to look.
public struct ServiceFailed: Error, CustomStringConvertible {
    public var description: String
}

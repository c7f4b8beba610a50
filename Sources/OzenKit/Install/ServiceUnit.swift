import Foundation

/// The systemd user unit `ozen service install` writes (`~/.config/systemd/user/ozen.service`):
/// `ozen serve` started with her session (or at boot, once lingering is on), restarted when it
/// fails. Pure: the program's absolute path and the settings in, the unit's text out.
public enum ServiceUnit {
    /// The unit's file name; `systemctl --user … ozen.service` names it.
    public static let name = "ozen.service"

    /// The unit for `program serve` (`--lan` when asked). `environment` carries the settings
    /// that were given where the unit was installed (`OZEN_HOME`, `OZEN_WEB`), so the service
    /// uses the same folders; it is written in the order given.
    public static func text(program: String, lan: Bool, environment: [(name: String, value: String)] = []) -> String {
        let command = ([program, "serve"] + (lan ? ["--lan"] : [])).map(execArgument).joined(separator: " ")
        var lines = [
            "[Unit]",
            "Description=Ozen live captions: the display page and the phone app's home computer (ozen serve)",
            "",
            "[Service]",
            "Type=simple",
        ]
        for (name, value) in environment {
            lines.append("Environment=" + quoted(escapingSpecifiers(name + "=" + value)))
        }
        lines += [
            "ExecStart=" + command,
            "Restart=on-failure",
            "RestartSec=5",
            "",
            "[Install]",
            "WantedBy=default.target",
        ]
        return lines.joined(separator: "\n") + "\n"
    }

    /// One word of ExecStart: `%` and `$` doubled (systemd would expand them), and double
    /// quotes around a word with a space, a quote or a backslash.
    public static func execArgument(_ word: String) -> String {
        let escaped = escapingSpecifiers(word).replacingOccurrences(of: "$", with: "$$")
        return needsQuotes(escaped) ? quoted(escaped) : escaped
    }

    private static func escapingSpecifiers(_ text: String) -> String {
        text.replacingOccurrences(of: "%", with: "%%")
    }

    private static func needsQuotes(_ text: String) -> Bool {
        text.isEmpty || text.contains { $0 == " " || $0 == "\t" || $0 == "\"" || $0 == "'" || $0 == "\\" }
    }

    private static func quoted(_ text: String) -> String {
        "\"" + text.replacingOccurrences(of: "\\", with: "\\\\").replacingOccurrences(of: "\"", with: "\\\"") + "\""
    }
}

import Foundation

/// The `OZEN_*` variables this process was started with, read once (`current`), so every part
/// of Ozen sees the same values and the environment is read in this one place. Nothing is
/// checked here: each knob is checked when it is asked for (the throwing properties in
/// OzenEnvironment+Tuning.swift), so a bad value stops only the command that uses it, when
/// that command starts, with the message `ozen` has always given (`KnobError`, exit 64).
/// Immutable and Sendable: any thread may read it.
public struct OzenEnvironment: Sendable, Equatable {
    /// The knobs that are set (`Knob.all`), by name, exactly as given.
    public let values: [String: String]
    /// `$HOME`, for the default `OzenHome`.
    let userHome: String?
    /// `$PATH`, `$XDG_CONFIG_HOME` and `$USER`: where the programs Ozen runs are found, where
    /// `ozen service` writes her user unit, and whose login lingers (unset or empty: nil).
    public let searchPath: String?
    public let configHome: String?
    public let userName: String?
    /// `$PULSE_SERVER`: where libpulse looks for the desktop's sound server first (libpulse
    /// reads it itself; Ozen names it when no server answered).
    public let soundServer: String?
    /// `$WAYLAND_DISPLAY`, `$DISPLAY` and `$XDG_CURRENT_DESKTOP`: which desktop the caption
    /// window opens on, and so how it can stay above the call (`CaptionWindowPlacement`).
    public let desktop: DesktopSession

    /// The knobs in `environment` (a process's, or a test's).
    public init(_ environment: [String: String]) {
        let names = Set(Knob.all.map(\.name))
        values = environment.filter { names.contains($0.key) }
        userHome = environment["HOME"]
        let nonEmpty = { (name: String) in environment[name].flatMap { $0.isEmpty ? nil : $0 } }
        searchPath = nonEmpty("PATH")
        configHome = nonEmpty("XDG_CONFIG_HOME")
        userName = nonEmpty("USER")
        soundServer = nonEmpty("PULSE_SERVER")
        desktop = DesktopSession(wayland: nonEmpty("WAYLAND_DISPLAY"), x11: nonEmpty("DISPLAY"),
                                 names: nonEmpty("XDG_CURRENT_DESKTOP")?.split(separator: ":").map(String.init) ?? [])
    }

    /// This process's, read from its environment the first time any part of Ozen asks.
    public static let current = OzenEnvironment(ProcessInfo.processInfo.environment)

    /// `$HOME` as given, nil when unset.
    public var homeFolder: String? { userHome }

    /// What `knob` is set to, nil when unset.
    public subscript(_ knob: Knob) -> String? { values[knob.name] }

    /// What `knob` is set to, nil when unset or empty (the text knobs: paths, keys).
    func text(_ knob: Knob) -> String? {
        guard let value = self[knob], !value.isEmpty else { return nil }
        return value
    }

    /// Where Ozen keeps what it owns: `OZEN_HOME`, else `~/.local/share/ozen`.
    public var home: OzenHome {
        if let explicit = text(.home) { return OzenHome(path: explicit) }
        return OzenHome(path: (userHome ?? NSHomeDirectory()) + "/.local/share/ozen")
    }

    /// `OZEN_CATALOGUE`: the model catalogue to read instead of the built-in one.
    public var cataloguePath: String? { text(.catalogue) }

    /// `OZEN_WEB`: the display page's folder.
    public var webFolder: String? { text(.web) }

    /// `OZEN_API_KEY`: her providers' key, over the saved one.
    public var apiKey: String? { text(.apiKey) }

    /// `OZEN_SECOND_PASS_TOKEN`: the pairing token of the interpreter's second-pass server.
    public var secondPassToken: String? { text(.secondPassToken) }

    /// `OZEN_AUDIO_DEBUG` set at all: the sound system's messages are shown.
    public var showsAudioMessages: Bool { self[.audioDebug] != nil }

    /// `OZEN_NO_CORRECTIONS=1`: locked lines keep their first words.
    public var correctsLines: Bool { self[.noCorrections] != "1" }

    /// `OZEN_LIVE_PASSES_HOLD=1`: in `ozen serve`, live passes do not give way to finals.
    public var livePassesHold: Bool { self[.livePassesHold] == "1" }
}

import Foundation

/// Where Ozen keeps what it owns on this computer: models, history, settings.
/// `$OZEN_HOME`, or `~/.local/share/ozen` (XDG data home) when unset.
public struct OzenHome: Sendable, Equatable {
    public var path: String

    public init(path: String) { self.path = path }

    public static func fromEnvironment(_ env: [String: String] = ProcessInfo.processInfo.environment) -> OzenHome {
        if let explicit = env["OZEN_HOME"], !explicit.isEmpty { return OzenHome(path: explicit) }
        let home = env["HOME"] ?? NSHomeDirectory()
        return OzenHome(path: home + "/.local/share/ozen")
    }

    public var modelsPath: String { path + "/models" }
}

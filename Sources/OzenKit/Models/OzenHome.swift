import Foundation

/// Where Ozen keeps what it owns on this computer: models, history, settings.
/// `$OZEN_HOME`, or `~/.local/share/ozen` (XDG data home) when unset.
public struct OzenHome: Sendable, Equatable {
    public var path: String

    public init(path: String) { self.path = path }

    /// The home `environment` names (this process's, read once, unless a test gives another).
    public static func fromEnvironment(_ environment: OzenEnvironment = .current) -> OzenHome {
        environment.home
    }

    public var modelsPath: String { path + "/models" }
}

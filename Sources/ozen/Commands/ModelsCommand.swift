import Foundation
import OzenKit
import OzenSessions

/// `ozen models list|verify|available|install|use|remove|speed`: what is installed, whether each
/// file is what its manifest says, the catalogue, the model manager's changes, and which pairs of
/// live and final models this computer can run.
enum ModelsCommand {
    static func run(_ arguments: [String]) throws {
        let action = arguments.first ?? "list"
        let rest = Array(arguments.dropFirst())
        switch action {
        case "available": try ModelsAvailableCommand.run(rest)
        case "install": try ModelsInstallCommand.run(rest)
        case "use": try ModelsChoiceCommands.use(rest)
        case "remove": try ModelsChoiceCommands.remove(rest)
        case "speed": try ModelsSpeedCommand.run(rest)
        case "list", "verify":
            guard rest.isEmpty else { throw UsageError(tr("\(action) לא מקבל ארגומנטים", "\(action) takes no arguments")) }
            try list(verify: action == "verify")
        default:
            throw UsageError(tr("models מקבל list, verify, available, install, use, remove או speed", "models takes list, verify, available, install, use, remove or speed"))
        }
    }

    /// Each line printed as it is checked: verifying a large model takes seconds.
    static func list(verify: Bool) throws {
        try InstalledModelsList.lines(verify: verify, home: OzenHome.fromEnvironment()) { Swift.print($0) }
    }
}

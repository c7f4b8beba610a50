import Foundation
import OzenKit
import OzenSessions

/// `ozen service install [--lan] | remove | status`: `ozen serve` as a systemd user service
/// (`UserService`); this reads the arguments and prints the lines it answers.
enum ServiceCommand {
    static func run(_ arguments: [String]) throws {
        var rest = arguments
        let action = rest.isEmpty ? "" : rest.removeFirst()
        guard ["install", "remove", "status"].contains(action) else {
            throw UsageError(tr("ozen service צריך install [--lan], remove או status", "ozen service needs install [--lan], remove or status"))
        }
        let args = try ArgumentReader(rest, options: [], flags: action == "install" ? ["--lan"] : [])
        guard args.positional.isEmpty else {
            throw UsageError(tr("service \(action) לא מקבל ארגומנטים נוספים: \(args.positional.joined(separator: " "))",
                                "service \(action) takes no further arguments: \(args.positional.joined(separator: " "))"))
        }
        let service = UserService()
        let lines: [String]
        switch action {
        case "install": lines = try service.install(lan: args.flag("--lan"))
        case "remove": lines = try service.remove()
        default: lines = service.status()
        }
        for line in lines { print(line) }
    }
}

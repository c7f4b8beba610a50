import Foundation
import OzenKit
import OzenSessions

/// `ozen history retention [off|week|month|3months|year] [--yes]`: reads the arguments and
/// prints what `HistoryRetention` says or did.
enum HistoryRetentionCommand {
    static func run(_ arguments: [String]) throws {
        let args = try ArgumentReader(arguments, options: [], flags: ["--yes"])
        HistoryCommand.write(try HistoryRetention.lines(setting: args.positional.first, confirmed: args.flag("--yes"), home: OzenHome.fromEnvironment()))
    }
}

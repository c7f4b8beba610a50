import Foundation
import OzenKit
import OzenSessions

/// `ozen history list [--page N] [--json]`: reads the arguments and prints `HistoryList`'s page.
enum HistoryListCommand {
    static func run(_ arguments: [String]) throws {
        let args = try ArgumentReader(arguments, options: ["--page"], flags: ["--json"])
        let page = Int(args.value("--page") ?? "1") ?? 0
        HistoryCommand.write(try HistoryList.page(page, json: args.flag("--json"), home: OzenHome.fromEnvironment()))
    }
}

import Foundation
import OzenKit
import OzenSessions

/// `ozen history search WORDS... [--limit N] [--json]`: reads the arguments and prints
/// `HistorySearch`'s results, the words marked as this output shows them.
enum HistorySearchCommand {
    static func run(_ arguments: [String]) throws {
        let args = try ArgumentReader(arguments, options: ["--limit"], flags: ["--json"])
        let limit = Int(args.value("--limit") ?? "20") ?? 20
        for line in try HistorySearch.results(for: args.positional.joined(separator: " "), limit: limit, json: args.flag("--json"),
                                              marks: HistoryCommand.marks, home: OzenHome.fromEnvironment()) {
            HistoryCommand.write(line)
        }
    }
}

import Foundation
import OzenKit
import OzenSessions

/// `ozen devices`: the microphones this computer offers, and the outputs whose sound it can
/// caption (`computer:N`), each with a one-second level meter so she can see which one hears
/// (`DevicesReport`). The number or name goes to `ozen listen --device`.
enum DevicesCommand {
    static func run(_ arguments: [String]) throws {
        let args = try ArgumentReader(arguments, options: [], flags: ["--no-level"])
        guard args.positional.isEmpty else {
            throw UsageError(tr("devices לא מקבל ארגומנטים", "devices takes no arguments"))
        }
        let lines: [String]
        do { lines = try DevicesReport.lines(measures: !args.flag("--no-level")) } catch { Exit.fail(.noInput, error.description) }
        for line in lines { print(line) }
    }
}

import Foundation
import OzenKit
import OzenSessions

/// `ozen diagnostics [--json] [--with-text]`: the report a family member can copy and send when
/// something is wrong: versions, models and their manifests, the processor, free space and
/// memory; the last captioning run's counters; the last 100 failures, retries and recoveries
/// with their clock times. No caption text and no audio, unless `--with-text` adds the last
/// conversation's last 20 lines. `ozen serve` answers the same report at /api/diagnostics.
enum DiagnosticsCommand {
    static func run(_ arguments: [String]) throws {
        let args = try ArgumentReader(arguments, options: [], flags: ["--json", "--with-text"])
        guard args.positional.isEmpty else { throw UsageError(tr("diagnostics מקבל רק --json ו־--with-text", "diagnostics takes only --json and --with-text")) }
        let report = DiagnosticsReport.make(home: OzenHome.fromEnvironment(), withText: args.flag("--with-text"))
        if args.flag("--json") {
            print(String(decoding: try JSONSerialization.data(withJSONObject: report, options: [.sortedKeys, .prettyPrinted]), as: UTF8.self))
        } else {
            print(DiagnosticsReport.text(report))
        }
    }
}

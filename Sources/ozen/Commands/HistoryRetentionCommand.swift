import Foundation
import OzenKit
import OzenSessions
import OzenStore

/// `ozen history retention [off|week|month|3months|year] [--yes]`: shows the period, or
/// sets it. A period that would delete conversations lists them and changes nothing until
/// it is given again with --yes. Named and starred conversations are always kept.
enum HistoryRetentionCommand {
    static func run(_ arguments: [String]) throws {
        let args = try ArgumentReader(arguments, options: [], flags: ["--yes"])
        let store = try HistoryCommand.open()
        guard let raw = args.positional.first else {
            HistoryCommand.write(tr("שמירת שיחות:", "Keeping conversations:") + " " + (try store.retention()).spoken)
            return
        }
        guard let period = RetentionPeriod(argument: raw) else {
            throw UsageError(String(format: tr("תקופה לא מוכרת '%@' — אפשר off,‏ week,‏ month,‏ 3months או year",
                                               "unknown period '%@' — use off, week, month, 3months or year"), raw))
        }
        let plan = try store.retentionPlan(period)
        if !plan.conversations.isEmpty && !args.flag("--yes") {
            HistoryCommand.write(String(format: tr("שמירה ל%@ תמחק %ld שיחות (%ld שורות):", "keeping %@ would delete %ld conversations (%ld lines):"),
                                        period.spoken, plan.conversations.count, plan.lines))
            for c in plan.conversations { HistoryCommand.write("  " + HistoryListing.line(c) + " — " + ConversationExportDate.text(c.startedAt)) }
            HistoryCommand.write(String(format: tr("שום דבר לא נמחק. לאשר: ozen history retention %@ --yes", "Nothing was deleted. To go ahead: ozen history retention %@ --yes"), period.rawValue))
            return
        }
        let done = try store.setRetention(period)
        HistoryCommand.write(tr("שמירת שיחות:", "Keeping conversations:") + " " + period.spoken
                             + (done.conversations.isEmpty ? "" : " — " + String(format: tr("נמחקו %ld שיחות", "%ld conversations deleted"), done.conversations.count)))
    }
}

/// The date a conversation started, as the retention report shows it.
enum ConversationExportDate {
    static func text(_ date: Date) -> String {
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: "en_US_POSIX")
        formatter.dateFormat = "d.M.yyyy"
        return formatter.string(from: date)
    }
}

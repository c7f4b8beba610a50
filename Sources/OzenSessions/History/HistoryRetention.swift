import Foundation
import OzenKit
import OzenStore

/// `ozen history retention [off|week|month|3months|year] [--yes]`: shows the period, or sets
/// it. A period that would delete conversations lists them and changes nothing until it is
/// given again with --yes. Named and starred conversations are always kept.
public enum HistoryRetention {
    /// The lines to print: the period kept now (`raw` nil), what the period `raw` names would delete, or
    /// what it did when `confirmed` or when it deletes nothing.
    public static func lines(setting raw: String?, confirmed: Bool, home: OzenHome) throws -> [String] {
        var period: RetentionPeriod?
        if let raw {
            guard let asked = RetentionPeriod(argument: raw) else {
                throw UsageError(String(format: tr("תקופה לא מוכרת '%@' — אפשר off,‏ week,‏ month,‏ 3months או year",
                                                   "unknown period '%@' — use off, week, month, 3months or year"), raw))
            }
            period = asked
        }
        let store = try HistoryStore(home: home)
        guard let period else { return [tr("שמירת שיחות:", "Keeping conversations:") + " " + (try store.retention()).spoken] }
        let plan = try store.retentionPlan(period)
        if !plan.conversations.isEmpty && !confirmed {
            return [String(format: tr("שמירה ל%@ תמחק %ld שיחות (%ld שורות):", "keeping %@ would delete %ld conversations (%ld lines):"),
                           period.spoken, plan.conversations.count, plan.lines)]
                + plan.conversations.map { "  " + HistoryListing.line($0) + " — " + day($0.startedAt) }
                + [String(format: tr("שום דבר לא נמחק. לאשר: ozen history retention %@ --yes", "Nothing was deleted. To go ahead: ozen history retention %@ --yes"), period.rawValue)]
        }
        let done = try store.setRetention(period)
        return [tr("שמירת שיחות:", "Keeping conversations:") + " " + period.spoken
                + (done.conversations.isEmpty ? "" : " — " + String(format: tr("נמחקו %ld שיחות", "%ld conversations deleted"), done.conversations.count))]
    }

    /// The date a conversation started, as the report shows it.
    static func day(_ date: Date) -> String {
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: "en_US_POSIX")
        formatter.dateFormat = "d.M.yyyy"
        return formatter.string(from: date)
    }
}

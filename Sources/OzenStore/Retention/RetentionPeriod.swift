import Foundation
import OzenKit

/// How long conversations are kept. Off unless she chooses (losing a conversation she
/// wanted is worse than a full disk: a year of daily use is well under a gigabyte); the
/// choices are the issue's: a week, a month, three months or a year. A month is 30 days,
/// three months 91, a year 365: whole days, so the cut is the same at any time of year.
public enum RetentionPeriod: String, Sendable, CaseIterable {
    case off
    case week
    case month
    case threeMonths = "3months"
    case year

    public var days: Int? {
        switch self {
        case .off: return nil
        case .week: return 7
        case .month: return 30
        case .threeMonths: return 91
        case .year: return 365
        }
    }

    /// Reads what is typed: the raw names, and "3-months", "three-months", "90" style variants.
    public init?(argument: String) {
        switch argument.lowercased() {
        case "off", "never", "כבוי": self = .off
        case "week", "7", "שבוע": self = .week
        case "month", "30", "חודש": self = .month
        case "3months", "3-months", "three-months", "90", "91", "שלושה-חודשים": self = .threeMonths
        case "year", "365", "שנה": self = .year
        default: return nil
        }
    }

    public var spoken: String {
        switch self {
        case .off: return tr("כבוי (שומרים הכול)", "off (everything is kept)")
        case .week: return tr("שבוע", "a week")
        case .month: return tr("חודש", "a month")
        case .threeMonths: return tr("שלושה חודשים", "three months")
        case .year: return tr("שנה", "a year")
        }
    }
}

/// What a retention period would delete now: conversations that started before `cutoff`,
/// neither named nor holding a starred line.
public struct RetentionPlan: Sendable, Equatable {
    public var period: RetentionPeriod
    public var cutoff: Date?
    public var conversations: [ConversationListing]
    public var lines: Int { conversations.reduce(0) { $0 + $1.lineCount } }
}

extension HistoryStore {
    /// The period set, `.off` until one is chosen.
    public func retention() throws -> RetentionPeriod {
        try db.rows("SELECT value FROM setting WHERE key = 'retention'") { RetentionPeriod(rawValue: $0.text(0)) }.first.flatMap { $0 } ?? .off
    }

    /// What `period` would delete at `now`, deleting nothing.
    public func retentionPlan(_ period: RetentionPeriod, now: Date = Date()) throws -> RetentionPlan {
        guard let days = period.days else { return RetentionPlan(period: period, cutoff: nil, conversations: []) }
        let cutoff = now.addingTimeInterval(-Double(days) * 86_400)
        let old = try db.rows("""
            SELECT \(Self.listingColumns) FROM conversation
            WHERE started_at < ? AND title IS NULL AND star_count = 0 ORDER BY started_at
            """, [.real(cutoff.timeIntervalSince1970)], Self.listing)
        return RetentionPlan(period: period, cutoff: cutoff, conversations: old)
    }

    /// Sets the period and deletes what it covers (call after showing `retentionPlan` and
    /// hearing yes).
    @discardableResult
    public func setRetention(_ period: RetentionPeriod, now: Date = Date()) throws -> RetentionPlan {
        let plan = try retentionPlan(period, now: now)
        try delete(conversations: plan.conversations.map(\.id))
        try db.run("INSERT INTO setting(key, value) VALUES ('retention', ?) ON CONFLICT DO UPDATE SET value = excluded.value", [.text(period.rawValue)])
        return plan
    }

    /// Applies the period already chosen (at each start of recording).
    @discardableResult
    public func applyRetention(now: Date = Date()) throws -> RetentionPlan {
        let plan = try retentionPlan(try retention(), now: now)
        if !plan.conversations.isEmpty { try delete(conversations: plan.conversations.map(\.id)) }
        return plan
    }
}

import Foundation
import OzenKit

/// The heading a conversation is listed under, by the day it started as seen from `now`:
/// Today, Yesterday, the weekday for the five days before that (within the past week, so a
/// weekday name never means two different days), then the date.
public enum HistoryDay: Sendable, Equatable, Hashable {
    case today
    case yesterday
    /// 1 = Sunday … 7 = Saturday (`Calendar`'s numbering; the Israeli week starts on Sunday).
    case weekday(Int)
    case date(year: Int, month: Int, day: Int)

    public init(of date: Date, now: Date, calendar: Calendar = .current) {
        let days = calendar.dateComponents([.day], from: calendar.startOfDay(for: date), to: calendar.startOfDay(for: now)).day ?? 0
        switch days {
        case 0: self = .today
        case 1: self = .yesterday
        case 2...6: self = .weekday(calendar.component(.weekday, from: date))
        default:
            let c = calendar.dateComponents([.year, .month, .day], from: date)
            self = .date(year: c.year ?? 0, month: c.month ?? 0, day: c.day ?? 0)
        }
    }

    /// The heading as shown: "היום", "Yesterday", "Tuesday", "12.3.2025".
    public var title: String {
        switch self {
        case .today: return tr("היום", "Today")
        case .yesterday: return tr("אתמול", "Yesterday")
        case .weekday(let day): return Self.weekdayNames[(day - 1 + 7) % 7]
        case .date(let year, let month, let day): return "\(day).\(month).\(year)"
        }
    }

    /// A stable name for JSON: "today", "yesterday", "weekday-3", "2025-03-12".
    public var key: String {
        switch self {
        case .today: return "today"
        case .yesterday: return "yesterday"
        case .weekday(let day): return "weekday-\(day)"
        case .date(let year, let month, let day): return String(format: "%04d-%02d-%02d", year, month, day)
        }
    }

    private static var weekdayNames: [String] {
        [tr("יום ראשון", "Sunday"), tr("יום שני", "Monday"), tr("יום שלישי", "Tuesday"), tr("יום רביעי", "Wednesday"),
         tr("יום חמישי", "Thursday"), tr("יום שישי", "Friday"), tr("שבת", "Saturday")]
    }

    /// Conversations (newest first) under their headings, in order.
    public static func group(_ conversations: [ConversationListing], now: Date,
                             calendar: Calendar = .current) -> [(day: HistoryDay, conversations: [ConversationListing])] {
        var groups: [(day: HistoryDay, conversations: [ConversationListing])] = []
        for conversation in conversations {
            let day = HistoryDay(of: conversation.startedAt, now: now, calendar: calendar)
            if let last = groups.indices.last, groups[last].day == day { groups[last].conversations.append(conversation) }
            else { groups.append((day, [conversation])) }
        }
        return groups
    }
}

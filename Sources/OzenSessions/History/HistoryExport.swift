import Foundation
import OzenKit
import OzenStore

/// `ozen history export N [--format text|srt|json] [--output FILE]`: a conversation to share.
public enum HistoryExport {
    /// Conversation `id` of `home`'s history in the format `format` names (text, srt or json).
    public static func text(of id: Int64, format raw: String, home: OzenHome) throws -> String {
        guard let format = ConversationExport.Format(rawValue: raw) else {
            throw UsageError(String(format: tr("תבנית לא מוכרת '%@' — אפשר text,‏ srt או json", "unknown format '%@' — use text, srt or json"), raw))
        }
        return try HistoryStore(home: home).export(id).render(format)
    }
}

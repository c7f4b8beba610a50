import CSQLite
import OzenKit

/// Why the history could not be read or written, in the person's words, with what to do.
/// The kinds are the failures a laptop actually meets: a full disk, a folder or file she
/// cannot write, another program holding the database, a damaged file.
public struct HistoryStorageError: Error, CustomStringConvertible, Sendable, Equatable {
    public enum Kind: String, Sendable {
        case diskFull = "disk_full"
        case readOnly = "read_only"
        case locked
        case cannotOpen = "cannot_open"
        case damaged
        case other
    }

    public var kind: Kind
    /// What SQLite said, for the log.
    public var detail: String
    public var path: String

    public init(kind: Kind, detail: String, path: String) {
        self.kind = kind
        self.detail = detail
        self.path = path
    }

    init(code: Int32, message: String, path: String) {
        let kind: Kind
        switch code & 0xff {
        case SQLITE_FULL: kind = .diskFull
        case SQLITE_READONLY, SQLITE_PERM, SQLITE_AUTH: kind = .readOnly
        case SQLITE_BUSY, SQLITE_LOCKED: kind = .locked
        case SQLITE_CANTOPEN, SQLITE_IOERR: kind = .cannotOpen
        case SQLITE_CORRUPT, SQLITE_NOTADB: kind = .damaged
        default: kind = .other
        }
        self.init(kind: kind, detail: message, path: path)
    }

    /// What went wrong, one line.
    public var reason: String {
        switch kind {
        case .diskFull: return tr("הדיסק מלא", "the disk is full")
        case .readOnly: return tr("אין הרשאה לכתוב בהיסטוריה", "the history cannot be written (read-only)")
        case .locked: return tr("תוכנה אחרת תופסת את ההיסטוריה", "another program is holding the history database")
        case .cannotOpen: return tr("אי אפשר לפתוח את קובץ ההיסטוריה", "the history database cannot be opened")
        case .damaged: return tr("קובץ ההיסטוריה פגום", "the history database is damaged")
        case .other: return tr("שמירת ההיסטוריה נכשלה", "saving the history failed")
        }
    }

    /// What to do about it, one line.
    public var action: String {
        switch kind {
        case .diskFull: return tr("פנו מקום בדיסק; השורות מחכות בזיכרון ויישמרו", "free some disk space; lines wait in memory and will be saved")
        case .readOnly: return tr("בדקו את ההרשאות של $OZEN_HOME; השורות מחכות בזיכרון", "check the permissions of $OZEN_HOME; lines wait in memory")
        case .locked: return tr("סגרו את התוכנה האחרת; השורות מחכות בזיכרון", "close the other program; lines wait in memory")
        case .cannotOpen: return tr("בדקו ש־$OZEN_HOME קיימת ואפשר לכתוב בה", "check that $OZEN_HOME exists and is writable")
        case .damaged: return tr("העבירו את הקובץ הפגום הצידה והפעילו שוב", "move the damaged file aside and start again")
        case .other: return tr("נסו שוב; השורות מחכות בזיכרון", "try again; lines wait in memory")
        }
    }

    public var description: String { "\(path): \(reason) (\(detail)) — \(action)" }
}

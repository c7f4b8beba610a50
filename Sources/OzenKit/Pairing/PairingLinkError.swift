/// Why an address or a code cannot go into the phone app's pairing link: each says what the
/// app takes, so `--address` can be fixed from the message alone.
public enum PairingLinkError: Error, Equatable, CustomStringConvertible {
    case badScheme(String)
    case notJustHostAndPort(String)
    case noHost
    case badHost(String)
    case badPort(String)
    case portMissing(String)
    case notPrivate(String)
    case noCode
    case codeTooLong(Int)
    case codeHasSpaces
    case notAPairingLink

    public var description: String {
        switch self {
        case .badScheme(let text):
            return tr("כתובת הצימוד צריכה להיות ws://HOST:PORT או wss://NAME, קיבל '\(text)'",
                      "a pairing address is ws://HOST:PORT or wss://NAME, got '\(text)'")
        case .notJustHostAndPort(let text):
            return tr("כתובת הצימוד היא רק שם ופורט, בלי נתיב, קיבל '\(text)'",
                      "a pairing address is only a host and a port, no path, got '\(text)'")
        case .noHost:
            return tr("לכתובת הצימוד חסר שם מחשב", "the pairing address has no host")
        case .badHost(let host):
            return tr("'\(host)' אינו שם מחשב או כתובת IPv4", "'\(host)' is not a host name or an IPv4 address")
        case .badPort(let port):
            return tr("פורט הוא מספר בין 1 ל־65535, קיבל '\(port)'", "a port is a number from 1 to 65535, got '\(port)'")
        case .portMissing(let host):
            return tr("ל־ws://\(host) חסר פורט (ws://\(host):8765)", "ws://\(host) needs a port (ws://\(host):8765)")
        case .notPrivate(let host):
            return tr("האפליקציה מקבלת ws:// רק לכתובת פרטית (192.168.x.x, 10.x.x.x, 172.16–31.x.x, 169.254.x.x או 100.64–127.x.x של tailnet), לא '\(host)' — לשם או לכתובת אחרת השתמשו ב־wss://",
                      "the app takes ws:// only for a private address (192.168.x.x, 10.x.x.x, 172.16–31.x.x, 169.254.x.x or a tailnet's 100.64–127.x.x), not '\(host)' — for a name or any other address use wss://")
        case .noCode:
            return tr("לקישור הצימוד חסר קוד", "the pairing link has no code")
        case .codeTooLong(let count):
            return tr("קוד הצימוד ארוך מדי לאפליקציה: \(count) תווים, לכל היותר \(PairingLink.longestCode)",
                      "the pairing code is too long for the app: \(count) characters, at most \(PairingLink.longestCode)")
        case .codeHasSpaces:
            return tr("בקוד הצימוד אסור שיהיו רווחים", "the pairing code may not contain spaces")
        case .notAPairingLink:
            return tr("זה אינו קישור ozen://pair?address=…&code=…", "not an ozen://pair?address=…&code=… link")
        }
    }
}

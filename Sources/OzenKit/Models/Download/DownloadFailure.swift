import Foundation

/// Why a model was not installed, in words she can act on: what happened, what was kept, and
/// what to do next. None of these is retried on a timer; a network that is down for a while is
/// retried first (`RetryDelays`) and only then reported as `gaveUp`.
public enum DownloadFailure: Error, Equatable, Sendable, CustomStringConvertible {
    case notFound(url: String)
    case refused(url: String, status: Int)
    case differentFile(url: String, serverSize: Int64, expectedSize: Int64)
    case tooLittleSpace(folder: String, needed: Int64, free: Int64, smallerThatFits: [String])
    case diskFull(folder: String, kept: Int64)
    case cannotWrite(path: String, reason: String)
    case gaveUp(url: String, tries: Int, lastReason: String, kept: Int64)
    case wrongChecksum(name: String, expected: String, actual: String)
    case notAWhisperModel(name: String, detail: String)
    case engineRefused(name: String)
    case tooBigForMemory(name: String, neededMB: Int, memoryMB: Int, smallerThatFits: [String])
    case unknownModel(name: String, suggestions: [String])
    case badAddress(String)

    public var description: String {
        switch self {
        case .notFound(let url):
            return tr("אין קובץ בכתובת \(url) (404) — בדקו את הכתובת, או בחרו מודל מ־`ozen models available`",
                      "there is no file at \(url) (404) — check the address, or pick one from `ozen models available`")
        case .refused(let url, let status):
            return tr("השרת סירב לתת את \(url) (HTTP \(status)) — ייתכן שהוא דורש הרשמה; הורידו אותו בדפדפן והתקינו עם `ozen models install FILE`",
                      "the server refused \(url) (HTTP \(status)) — it may need a sign-in; download it in a browser and run `ozen models install FILE`")
        case .differentFile(let url, let serverSize, let expectedSize):
            return tr("בשרת \(url) יש קובץ של \(serverSize) בתים ולא \(expectedSize) כמצופה: זה קובץ אחר, ולא הורד כלום",
                      "the file at \(url) is \(serverSize) bytes, not the expected \(expectedSize): it is a different file, and nothing was downloaded")
        case .tooLittleSpace(let folder, let needed, let free, let smaller):
            let hint = smaller.isEmpty ? "" : tr("; מודל קטן יותר שייכנס: \(smaller.joined(separator: ", "))", "; a smaller model that fits: \(smaller.joined(separator: ", "))")
            return tr("אין מספיק מקום ב־\(folder): צריך \(DownloadProgress.bytes(needed)) ויש \(DownloadProgress.bytes(free)) — פנו \(DownloadProgress.bytes(needed - free)) ונסו שוב\(hint)",
                      "not enough space in \(folder): it needs \(DownloadProgress.bytes(needed)) and \(DownloadProgress.bytes(free)) is free — free \(DownloadProgress.bytes(needed - free)) and run it again\(hint)")
        case .diskFull(let folder, let kept):
            return tr("הדיסק של \(folder) התמלא באמצע ההורדה; \(DownloadProgress.bytes(kept)) שכבר ירדו נשמרו — פנו מקום והריצו את אותה פקודה כדי להמשיך מאותה נקודה",
                      "the disk of \(folder) filled up during the download; the \(DownloadProgress.bytes(kept)) already downloaded are kept — free some space and run the same command to continue from there")
        case .cannotWrite(let path, let reason):
            return tr("אי אפשר לכתוב ל־\(path): \(reason)", "cannot write to \(path): \(reason)")
        case .gaveUp(let url, let tries, let reason, let kept):
            return tr("\(url) לא ענה אחרי \(tries) ניסיונות (\(reason)); \(DownloadProgress.bytes(kept)) שכבר ירדו נשמרו — כשהרשת תחזור, הריצו את אותה פקודה כדי להמשיך",
                      "\(url) did not answer after \(tries) tries (\(reason)); the \(DownloadProgress.bytes(kept)) already downloaded are kept — when the network is back, run the same command to continue")
        case .wrongChecksum(let name, let expected, let actual):
            return tr("הקובץ שירד עבור '\(name)' לא תואם את ה־sha256 שלו (\(actual) ולא \(expected)), ולכן נמחק ולא הותקן — ייתכן שהשרת מגיש קובץ אחר; בדקו את הכתובת ואת --sha256",
                      "the file downloaded for '\(name)' does not match its sha256 (\(actual), not \(expected)), so it was deleted and not installed — the server may serve a different file; check the address and --sha256")
        case .notAWhisperModel(let name, let detail):
            return tr("הקובץ שירד עבור '\(name)' אינו מודל Whisper בפורמט ggml (\(detail)), ולכן נמחק ולא הותקן",
                      "the file downloaded for '\(name)' is not a ggml Whisper model (\(detail)), so it was deleted and not installed")
        case .engineRefused(let name):
            return tr("whisper.cpp לא הצליח לטעון את '\(name)', ולכן הוא לא הותקן", "whisper.cpp could not load '\(name)', so it was not installed")
        case .tooBigForMemory(let name, let needed, let memory, let smaller):
            let hint = smaller.isEmpty ? "" : tr("; מודל קטן יותר שייכנס: \(smaller.joined(separator: ", "))", "; a smaller model that fits: \(smaller.joined(separator: ", "))")
            return tr("'\(name)' צריך כ־\(needed) MB זיכרון, ובמחשב הזה יש \(memory) MB\(hint)",
                      "'\(name)' needs about \(needed) MB of memory and this computer has \(memory) MB\(hint)")
        case .unknownModel(let name, let suggestions):
            let list = suggestions.isEmpty ? "" : tr(" — אולי: \(suggestions.joined(separator: ", "))", " — perhaps: \(suggestions.joined(separator: ", "))")
            return tr("אין בקטלוג מודל בשם '\(name)'\(list); `ozen models available` מציג את כולם, ואפשר לתת גם כתובת",
                      "the catalogue has no model called '\(name)'\(list); `ozen models available` lists them all, and a URL works too")
        case .badAddress(let address):
            return tr("'\(address)' אינה כתובת http או https", "'\(address)' is not an http or https address")
        }
    }
}

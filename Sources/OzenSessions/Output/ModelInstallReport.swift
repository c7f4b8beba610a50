import Foundation
import OzenIO
import OzenKit
import Synchronization

/// What `install` tells her while it works: a progress line on the terminal (stderr), or JSON
/// events on stdout with `--json` (what the page shows).
public final class ModelInstallReport: Sendable {
    let json: Bool
    /// Whether the terminal's progress line is open (written over), guarding every write.
    private let lineOpen = Mutex(false)
    private let terminal = isatty(STDERR_FILENO) == 1

    public init(json: Bool) { self.json = json }

    public func event(_ event: ModelDownload.Event) {
        lineOpen.withLock { lineOpen in
            switch event {
            case .progress(let p):
                if json {
                    var o: [String: Any] = ["type": "download", "done": p.done]
                    if let t = p.total { o["total"] = t }
                    if let pc = p.percent { o["percent"] = (pc * 10).rounded() / 10 }
                    if let s = p.bytesPerSecond { o["bytes_per_second"] = Int(s) }
                    if let l = p.secondsLeft { o["seconds_left"] = Int(l.rounded()) }
                    emit(o)
                } else if terminal {
                    FileHandle.standardError.write(Data(("\r\u{1B}[K" + p.line).utf8)); lineOpen = true
                }
            case .resuming(let from):
                say(["type": "download_resuming", "from": from], &lineOpen, tr("ממשיך מ־\(DownloadProgress.bytes(from)) שכבר ירדו", "continuing after the \(DownloadProgress.bytes(from)) already downloaded"))
            case .startingOver(let reason):
                let (code, text): (String, String) = switch reason {
                case .serverDoesNotResume: ("server_does_not_resume", tr("השרת לא תומך בהמשך הורדה: מתחיל מההתחלה", "the server cannot continue a download: starting over"))
                case .fileChanged: ("file_changed", tr("הקובץ בשרת השתנה: מתחיל מההתחלה", "the file on the server changed: starting over"))
                case .wrongPiece: ("wrong_piece", tr("השרת שלח חלק אחר מהמבוקש: מתחיל מההתחלה", "the server sent another piece than asked: starting over"))
                }
                say(["type": "download_starting_over", "reason": code], &lineOpen, text)
            case .retrying(let pause, let reason):
                say(["type": "download_retrying", "in": pause, "reason": reason], &lineOpen,
                    tr("ההורדה נקטעה (\(reason)); מנסה שוב בעוד \(Int(pause)) שנ׳", "the download was cut (\(reason)); trying again in \(Int(pause)) s"))
            }
        }
    }

    public func note(_ text: String) { lineOpen.withLock { say(["type": "note", "text": text], &$0, text) } }

    public func finishProgress() { lineOpen.withLock { if $0 { FileHandle.standardError.write(Data("\n".utf8)); $0 = false } } }

    public func installed(name: String, size: Int64, already: Bool) {
        lineOpen.withLock { lineOpen in
            if json { emit(["type": "installed", "name": name, "size": size, "already": already]); return }
            if lineOpen { FileHandle.standardError.write(Data("\n".utf8)); lineOpen = false }
            print(already ? tr("\(name) כבר מותקן ותקין", "\(name) is already installed and intact")
                          : tr("\(name) הותקן (\(DownloadProgress.bytes(size))); כדי להשתמש בו: ozen models use \(name)",
                               "\(name) is installed (\(DownloadProgress.bytes(size))); to use it: ozen models use \(name)"))
        }
    }

    private func say(_ object: [String: Any], _ lineOpen: inout Bool, _ text: String) {
        if json { emit(object); return }
        if lineOpen { FileHandle.standardError.write(Data("\n".utf8)); lineOpen = false }
        FileHandle.standardError.write(Data((text + "\n").utf8))
    }

    private func emit(_ object: [String: Any]) {
        guard let data = try? JSONSerialization.data(withJSONObject: object, options: [.sortedKeys]) else { return }
        FileHandle.standardOutput.write(data + Data("\n".utf8))
    }
}

import Foundation
import OzenKit

/// `ozen serve --open`: starts the window that shows the display page (`PageWindow` picks the
/// browser) and leaves it to her; when nothing here can open a page, says so on stderr with
/// the address to open by hand.
enum PageWindowOpening {
    static func open(url: String) {
        guard let command = PageWindow.command(url: url, find: ThisProgram.onPath) else {
            FileHandle.standardError.write(Data((tr("ozen: אין כאן דפדפן לפתוח בו את הדף (chromium או xdg-open); פתחו את \(url)",
                                                    "ozen: no browser here to open the page in (chromium or xdg-open); open \(url)") + "\n").utf8))
            return
        }
        let process = Process()
        process.executableURL = URL(fileURLWithPath: command[0])
        process.arguments = Array(command.dropFirst())
        process.standardInput = FileHandle.nullDevice
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        do { try process.run() } catch {
            FileHandle.standardError.write(Data((tr("ozen: לא ניתן להריץ את \(command[0]): \(error.localizedDescription); פתחו את \(url)",
                                                    "ozen: cannot run \(command[0]): \(error.localizedDescription); open \(url)") + "\n").utf8))
        }
    }
}

import Foundation
import OzenIO
import OzenKit

/// `ozen serve --window`: starts `ozen-window` on the server's own display page, beside this
/// program (a build or an install keeps the two together) or else on the PATH, and ends it when
/// the server stops. A window that cannot open is said on stderr; the captions go on without it.
struct CaptionWindowOpening {
    private let window: ChildProgram?

    /// The program to start: `ozen-window` in this program's folder, else on the PATH.
    static func program() -> String? {
        let beside = URL(fileURLWithPath: ThisProgram.path).deletingLastPathComponent().appendingPathComponent("ozen-window").path
        if FileManager.default.isExecutableFile(atPath: beside) { return beside }
        return ThisProgram.onPath("ozen-window")
    }

    init(page: String, lines: Int?) {
        guard let program = Self.program() else {
            Self.say(tr("ozen: לא נמצא ozen-window ליד ozen או ב־PATH (make install מתקין אותו); הכתוביות ב־\(page)",
                        "ozen: no ozen-window beside ozen or on the PATH (make install installs it); captions at \(page)"))
            window = nil
            return
        }
        do {
            window = try ChildProgram(path: program, arguments: [page] + (lines.map { ["--lines", String($0)] } ?? []))
        } catch {
            Self.say("ozen: \(error.description); " + tr("הכתוביות ב־\(page)", "captions at \(page)"))
            window = nil
        }
    }

    /// Closes the window (the server is stopping).
    func close() {
        window?.end()
    }

    private static func say(_ line: String) {
        FileHandle.standardError.write(Data((line + "\n").utf8))
    }
}

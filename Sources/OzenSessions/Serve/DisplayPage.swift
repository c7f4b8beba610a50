import Foundation
import OzenKit

/// Where the display page's files (Web/index.html and the rest) are: `OZEN_WEB` when set,
/// else the Web folder of the Ozen checkout this `ozen` was built in, else ./Web, else an
/// installed copy.
public enum DisplayPage {
    public static func folder() -> String {
        if let set = OzenEnvironment.current.webFolder { return set }
        var folder = URL(fileURLWithPath: CommandLine.arguments[0]).resolvingSymlinksInPath().deletingLastPathComponent()
        for _ in 0..<5 {
            let candidate = folder.appendingPathComponent("Web")
            if FileManager.default.fileExists(atPath: candidate.appendingPathComponent("index.html").path) { return candidate.path }
            folder.deleteLastPathComponent()
        }
        let here = FileManager.default.currentDirectoryPath + "/Web"
        if FileManager.default.fileExists(atPath: here + "/index.html") { return here }
        return "/usr/local/share/ozen/web"
    }
}

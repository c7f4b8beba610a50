import Foundation
import OzenKit

/// Where the display page's files (Web/index.html and the rest) are, for this `ozen`:
/// `DisplayPageSearch`'s order (OZEN_WEB, the installed copy beside an installed program, the
/// checkout's Web folder, ./Web, /usr/local/share/ozen/web) on this program's real path.
public enum DisplayPage {
    public static func folder() -> String {
        DisplayPageSearch.folder(webSetting: OzenEnvironment.current.webFolder, program: ThisProgram.path,
                                 currentDirectory: FileManager.default.currentDirectoryPath) { folder in
            FileManager.default.fileExists(atPath: folder + "/index.html")
        }
    }
}

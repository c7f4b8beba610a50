/// Where `ozen serve` looks for the display page's folder (the one with index.html), in order:
/// `OZEN_WEB` when set; the installed copy beside an installed program
/// (PREFIX/share/ozen/web, `InstallLayout`); the Web folder of the checkout the program was
/// built in (up to five folders above it); ./Web; /usr/local/share/ozen/web.
///
/// Pure: the caller gives the program's real path, the working folder and a way to tell
/// whether a folder holds index.html.
public enum DisplayPageSearch {
    /// The system-wide place, last: a program copied somewhere without its prefix.
    public static let systemFolder = "/usr/local/share/ozen/web"

    /// The folders tried after `OZEN_WEB`, first to last.
    public static func candidates(program: String, currentDirectory: String) -> [String] {
        var found: [String] = []
        if let layout = InstallLayout(program: program) { found.append(layout.webFolder) }
        var folder = parent(of: program)
        for _ in 0..<5 where folder != "/" {
            found.append(folder + "/Web")
            folder = parent(of: folder)
        }
        found.append((currentDirectory == "/" ? "" : currentDirectory) + "/Web")
        found.append(systemFolder)
        return found
    }

    /// `webSetting` (OZEN_WEB) as given; else the first candidate that holds index.html;
    /// else the system folder, whose absence the server then reports.
    public static func folder(webSetting: String?, program: String, currentDirectory: String,
                              holdsIndex: (String) -> Bool) -> String {
        if let webSetting, !webSetting.isEmpty { return webSetting }
        return candidates(program: program, currentDirectory: currentDirectory).first(where: holdsIndex) ?? systemFolder
    }

    private static func parent(of path: String) -> String {
        guard let slash = path.lastIndex(of: "/") else { return "." }
        return slash == path.startIndex ? "/" : String(path[..<slash])
    }
}

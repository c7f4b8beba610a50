import Foundation
import OzenKit

/// The running `ozen` itself: its real path (from /proc/self/exe, so a link in PREFIX/bin or a
/// bare `ozen` found on the PATH both give the program's own file), and the path to name in a
/// unit or a launcher.
public enum ThisProgram {
    /// The program's real path, links resolved.
    public static var path: String {
        if let real = try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe") { return real }
        return URL(fileURLWithPath: CommandLine.arguments[0]).resolvingSymlinksInPath().path
    }

    /// The install this program belongs to; nil for a build in a checkout.
    public static var layout: InstallLayout? { InstallLayout(program: path) }

    /// The command to write into a unit: PREFIX/bin/ozen when this program is an installed one
    /// and that link still leads to it, else the program's own path.
    public static var command: String {
        if let layout = layout,
           URL(fileURLWithPath: layout.command).resolvingSymlinksInPath().path == path {
            return layout.command
        }
        return path
    }

    /// The path of the first program called `name` on the PATH; nil when there is none.
    public static func onPath(_ name: String) -> String? {
        let folders = (OzenEnvironment.current.searchPath ?? "/usr/local/bin:/usr/bin:/bin").split(separator: ":")
        for folder in folders {
            let candidate = "\(folder)/\(name)"
            if FileManager.default.isExecutableFile(atPath: candidate) { return candidate }
        }
        return nil
    }
}

/// Where `make install` (scripts/install.sh) puts Ozen under a prefix, `~/.local` unless
/// `PREFIX=` says otherwise, and how an installed `ozen` finds its prefix from its own path:
///
///     PREFIX/bin/ozen                          a link to the program
///     PREFIX/lib/ozen/ozen                     the program, with the libraries it loads and
///                                              its resources beside it (RUNPATH $ORIGIN)
///     PREFIX/lib/ozen/ozen-window              the caption window over a call
///     PREFIX/share/ozen/web                    the display page
///     PREFIX/share/applications/ozen.desktop   the "Ozen captions" launcher
///     PREFIX/share/applications/ozen-calls.desktop   "Ozen: captions for calls"
///     PREFIX/share/ozen/installed-files        what install wrote, for `make uninstall`
///
/// The models are not part of it: they stay in the user's `OZEN_HOME`.
public struct InstallLayout: Sendable, Equatable {
    public let prefix: String

    public init(prefix: String) {
        self.prefix = prefix.count > 1 && prefix.hasSuffix("/") ? String(prefix.dropLast()) : prefix
    }

    /// The layout a program at `program` (its real path, links resolved) was installed into;
    /// nil when it is not PREFIX/lib/ozen/ozen (a build in a checkout, a copy elsewhere).
    public init?(program: String) {
        let suffix = "/lib/ozen/ozen"
        guard program.hasSuffix(suffix) else { return nil }
        let prefix = String(program.dropLast(suffix.count))
        self.init(prefix: prefix.isEmpty ? "/" : prefix)
    }

    private func under(_ relative: String) -> String { (prefix == "/" ? "" : prefix) + "/" + relative }

    /// The command people run: the link in PREFIX/bin.
    public var command: String { under("bin/ozen") }
    /// The program itself and what it loads.
    public var programFolder: String { under("lib/ozen") }
    public var program: String { programFolder + "/ozen" }
    /// The display page's folder (what `OZEN_WEB` would name).
    public var webFolder: String { under("share/ozen/web") }
    public var launcher: String { under("share/applications/ozen.desktop") }
    /// The second launcher: what the computer plays (a video call, a video), page open.
    public var callsLauncher: String { under("share/applications/ozen-calls.desktop") }
    public var manifest: String { under("share/ozen/installed-files") }
}

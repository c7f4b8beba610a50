import Foundation
import OzenKit
import Synchronization

/// Puts dictated text at the cursor of whatever app has the focus.
///
/// - `paste` (the default): the text goes on the clipboard (and, on X11, the primary
///   selection, which terminals paste), then Ctrl+V, or Shift+Insert when the focused window is
///   a terminal (Ctrl+V prints ^V there). The selection is served by `xclip -l`, which exits
///   once the app has read it: that is the proof the paste happened, not the key tool's exit
///   code. Only then is her old clipboard put back (putting it back after a fixed 200 ms made
///   pastes come out empty in other tools).
/// - `type`: typed keystroke by keystroke, 12 ms apart (xdotool into xterm dropped Hebrew
///   letters faster than that), and 50 ms apart when the text holds letters outside ASCII:
///   each of those is typed through a key xdotool maps for it on the spot, and a GTK window on
///   a loaded machine (a caption run beside the tests) lost the ר of "מחר" at 12 ms, and during
///   a full test run the א of "לרופא" at 30 ms (docs/findings.md, "Typing Hebrew with xdotool":
///   xterm took Hebrew whole at 50 ms).
/// - `clipboard`: on the clipboard only, for her to paste.
/// - `stdout`: printed.
/// Where nothing can insert (GNOME Wayland, no display), the text goes on the clipboard when
/// possible and the outcome says to paste it; nothing is dropped.
public struct TextInserter: Sendable {
    public enum Method: String, Sendable, CaseIterable { case paste, type, clipboard, stdout }

    public enum Outcome: Equatable, Sendable {
        /// The app read the pasted selection (paste), or the keystrokes were sent (type).
        case inserted(Method)
        case printed
        /// On the clipboard: she pastes it herself (`reason` says why it was not inserted).
        case onClipboard(reason: String?)
    }

    public let session: DesktopSession
    public var pasteTimeout: Double = 3
    public var typingDelayMilliseconds = 12
    public var nonASCIITypingDelayMilliseconds = 50
    /// Milliseconds wtype waits after handing over its keymap, before the first key.
    static let waylandKeymapPause = 150

    /// The pause between keystrokes for this text (see `type` above).
    func typingDelay(for text: String) -> String {
        String(text.unicodeScalars.allSatisfy(\.isASCII) ? typingDelayMilliseconds : nonASCIITypingDelayMilliseconds)
    }
    /// Window classes whose paste key is Shift+Insert.
    static let terminals = ["xterm", "uxterm", "gnome-terminal", "konsole", "kitty", "alacritty", "terminator", "tilix",
                            "urxvt", "rxvt", "st-256color", "foot", "wezterm", "xfce4-terminal", "lxterminal", "mate-terminal", "terminology"]

    public init(session: DesktopSession = .detect()) { self.session = session }

    public func insert(_ text: String, method: Method) throws(InsertionFailure) -> Outcome {
        if method == .stdout {
            FileHandle.standardOutput.write(Data((text + "\n").utf8))
            return .printed
        }
        switch session {
        case .x11(let display):
            return try insertX11(text, method: method, display: display)
        case .wlroots:
            return try insertWayland(text, method: method)
        case .waylandWithoutTyping(let desktop):
            try serveWaylandClipboard(text)
            return .onClipboard(reason: tr("ל־\(desktop) על Wayland אין דרך להקליד לתוך יישום אחר — הדביקו ב־Ctrl+V",
                                           "\(desktop) on Wayland lets no program type into another — paste it with Ctrl+V"))
        case .none:
            throw .noDesktop
        }
    }

    // MARK: X11

    private func insertX11(_ text: String, method: Method, display: String) throws(InsertionFailure) -> Outcome {
        switch method {
        case .clipboard:
            try serveSelection(text, display: display)
            return .onClipboard(reason: nil)
        case .type:
            guard let window = try? output("xdotool", ["getwindowfocus"], display: display), !window.isEmpty, window != "0" else {
                try serveSelection(text, display: display)
                return .onClipboard(reason: tr("אין חלון בפוקוס — הטקסט בלוח, הדביקו אותו", "no window has the focus — the text is on the clipboard, paste it"))
            }
            try run("xdotool", ["type", "--clearmodifiers", "--delay", typingDelay(for: text), "--", text], what: "xdotool type", display: display)
            return .inserted(.type)
        case .paste:
            guard let window = try? output("xdotool", ["getwindowfocus"], display: display), !window.isEmpty, window != "0" else {
                try serveSelection(text, display: display)
                return .onClipboard(reason: tr("אין חלון בפוקוס — הטקסט בלוח, הדביקו אותו", "no window has the focus — the text is on the clipboard, paste it"))
            }
            let previous = try? output("xclip", ["-o", "-selection", "clipboard"], display: display, trimming: false)
            // WM_CLASS is `"instance", "Class"`; either names a terminal.
            let classes = ((try? output("xprop", ["-id", window, "WM_CLASS"], display: display)) ?? "")
                .lowercased().components(separatedBy: "\"").enumerated().filter { $0.offset % 2 == 1 }.map(\.element)
            let terminal = classes.contains(where: Self.terminals.contains)
            // The selection a terminal's Shift+Insert reads is the primary one; other apps read the clipboard.
            let server = try SelectionServer(text, selection: terminal ? "primary" : "clipboard", display: display)
            try run("xdotool", ["key", "--clearmodifiers", terminal ? "shift+Insert" : "ctrl+v"], what: "xdotool key", display: display)
            // Proof of the paste: the app asked for the selection. A toolkit that first asks which
            // formats there are (GTK, Qt) asks again for the text itself; that second request is
            // waited for briefly before her clipboard is put back.
            let read = server.wait(forRequests: 1, seconds: pasteTimeout)
            if read { _ = server.wait(forRequests: 2, seconds: 0.5) }
            server.stop()
            if !read {
                try serveSelection(text, display: display)
                return .onClipboard(reason: tr("היישום לא קרא את ההדבקה — הטקסט בלוח, הדביקו אותו", "the app did not read the paste — the text is on the clipboard, paste it"))
            }
            if !terminal, let previous { try? serveSelection(previous, display: display) }
            return .inserted(.paste)
        case .stdout:
            return .printed
        }
    }

    /// `xclip -i` serving `text` on the clipboard and the primary selection until something else
    /// takes them, in the background (`clipboard`, and where a paste could not be proven).
    private func serveSelection(_ text: String, display: String) throws(InsertionFailure) {
        for selection in ["clipboard", "primary"] { _ = try SelectionServer(text, selection: selection, display: display, watched: false) }
    }

    // MARK: Wayland (wlroots)

    private func insertWayland(_ text: String, method: Method) throws(InsertionFailure) -> Outcome {
        switch method {
        case .clipboard:
            try serveWaylandClipboard(text)
            return .onClipboard(reason: nil)
        case .type:
            // wtype hands the compositor a keymap of its own first; a key sent at once was lost:
            // under sway a GTK window got "לום סבתא" for "שלום סבתא". 150 ms first, and none was.
            try run("wtype", ["-s", String(Self.waylandKeymapPause), "-d", typingDelay(for: text), "--", text], what: "wtype")
            return .inserted(.type)
        case .paste:
            let previous = try? output("wl-paste", ["--no-newline"], display: nil, trimming: false)
            // wl-copy in the foreground serving one paste: its exit is the proof that the app
            // read the text (wtype's own exit says only that the keys were sent). Her clipboard
            // is put back only after that.
            let once = try launch("wl-copy", ["--foreground", "--paste-once", "--", text], display: nil)
            Thread.sleep(forTimeInterval: 0.1)  // it owns the selection before the key comes
            try run("wtype", ["-s", String(Self.waylandKeymapPause), "-M", "ctrl", "-k", "v", "-m", "ctrl"], what: "wtype")
            let deadline = Date(timeIntervalSinceNow: pasteTimeout)
            while once.isRunning, Date() < deadline { Thread.sleep(forTimeInterval: 0.02) }
            guard !once.isRunning, once.terminationStatus == 0 else {
                if once.isRunning { once.terminate() }
                try serveWaylandClipboard(text)
                return .onClipboard(reason: tr("היישום לא קרא את ההדבקה — הטקסט בלוח, הדביקו אותו", "the app did not read the paste — the text is on the clipboard, paste it"))
            }
            if let previous { try? serveWaylandClipboard(previous) }
            return .inserted(.paste)
        case .stdout:
            return .printed
        }
    }

    /// `wl-copy` serving `text` on the clipboard until something else takes it, in the
    /// background. In the foreground, not waited for: a forking wl-copy left its first process
    /// unreaped and Foundation waiting for an exit it never saw (as xclip did).
    private func serveWaylandClipboard(_ text: String) throws(InsertionFailure) {
        _ = try launch("wl-copy", ["--foreground", "--", text], display: nil)
        Thread.sleep(forTimeInterval: 0.1)
    }

    // MARK: running the tools

    private func run(_ tool: String, _ arguments: [String], what: String, display: String? = nil) throws(InsertionFailure) {
        let process = try launch(tool, arguments, display: display)
        process.waitUntilExit()
        guard process.terminationStatus == 0 else { throw .toolFailed(what, status: Int(process.terminationStatus)) }
    }

    private func output(_ tool: String, _ arguments: [String], display: String?, trimming: Bool = true) throws(InsertionFailure) -> String {
        let pipe = Pipe()
        let process = try launch(tool, arguments, display: display, output: pipe)
        let data = pipe.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        guard process.terminationStatus == 0 else { throw .toolFailed(tool, status: Int(process.terminationStatus)) }
        let text = String(decoding: data, as: UTF8.self)
        return trimming ? text.trimmingCharacters(in: .whitespacesAndNewlines) : text
    }

    private func launch(_ tool: String, _ arguments: [String], display: String?, output: Pipe? = nil) throws(InsertionFailure) -> Process {
        guard let path = ["/usr/bin/\(tool)", "/usr/local/bin/\(tool)"].first(where: FileManager.default.isExecutableFile) else {
            throw .missingTool(tool)
        }
        let process = Process()
        process.executableURL = URL(fileURLWithPath: path)
        process.arguments = arguments
        var environment = ProcessInfo.processInfo.environment
        if let display { environment["DISPLAY"] = display }
        // xdotool reads the text in the locale's encoding: under a locale that is not installed
        // it falls back to ASCII and refuses every Hebrew letter. C.UTF-8 is always there.
        environment["LC_ALL"] = "C.UTF-8"
        process.environment = environment
        process.standardOutput = output ?? FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        do { try process.run() } catch { throw .missingTool(tool) }
        return process
    }
}

/// Why dictated text could not be put anywhere but the history.
public enum InsertionFailure: Error, CustomStringConvertible, Equatable {
    case noDesktop
    case missingTool(String)
    case toolFailed(String, status: Int)

    public var description: String {
        switch self {
        case .noDesktop:
            return tr("אין שולחן עבודה (לא DISPLAY ולא WAYLAND_DISPLAY) — השתמשו ב־--insert stdout; הטקסט שמור (ozen dictate last)",
                      "there is no desktop (neither DISPLAY nor WAYLAND_DISPLAY) — use --insert stdout; the text is saved (ozen dictate last)")
        case .missingTool(let tool):
            let package = ["xclip": "xclip", "xdotool": "xdotool", "xprop": "x11-utils", "wl-copy": "wl-clipboard", "wl-paste": "wl-clipboard", "wtype": "wtype"][tool] ?? tool
            return tr("\(tool) חסר — התקינו את החבילה \(package); הטקסט שמור (ozen dictate last)",
                      "\(tool) is missing — install the package \(package); the text is saved (ozen dictate last)")
        case .toolFailed(let tool, let status):
            return tr("\(tool) נכשל (קוד \(status)); הטקסט שמור (ozen dictate last)", "\(tool) failed (status \(status)); the text is saved (ozen dictate last)")
        }
    }
}

/// `xclip -i -verbose` owning a selection: it says "Waiting for selection request number N" as
/// each request is served, which is how a paste is known to have been read.
final class SelectionServer: Sendable {
    private let process = Process()
    private let said = Mutex("")

    /// `watched`: the requests are counted; false for a selection left to serve after `ozen`
    /// exits (its output then goes nowhere, so no closed pipe can stop it).
    init(_ text: String, selection: String, display: String, watched: Bool = true) throws(InsertionFailure) {
        guard FileManager.default.isExecutableFile(atPath: "/usr/bin/xclip") else { throw .missingTool("xclip") }
        process.executableURL = URL(fileURLWithPath: "/usr/bin/xclip")
        // -quiet keeps xclip in the foreground: the process started here is the one serving
        // (a forking xclip left Foundation waiting for an exit it never saw).
        process.arguments = ["-i", "-selection", selection, "-quiet"] + (watched ? ["-verbose"] : [])
        process.environment = ProcessInfo.processInfo.environment.merging(["DISPLAY": display]) { $1 }
        let input = Pipe(), output = Pipe()
        process.standardInput = input
        // -verbose speaks on stderr (unbuffered), one line per request served.
        process.standardOutput = FileHandle.nullDevice
        process.standardError = watched ? output : FileHandle.nullDevice
        do { try process.run() } catch { throw .missingTool("xclip") }
        if watched { _ = PipeReader(output) { [weak self] data in
            self?.said.withLock { $0 += String(decoding: data, as: UTF8.self) }
        } }
        input.fileHandleForWriting.write(Data(text.utf8))
        try? input.fileHandleForWriting.close()
        // It owns the selection once it waits for request 1; the paste key must not come before.
        if watched { _ = wait(forRequests: 0, seconds: 2) } else { Thread.sleep(forTimeInterval: 0.1) }
    }

    /// Waits until `count` requests have been served (at most `seconds`); whether they were.
    func wait(forRequests count: Int, seconds: Double) -> Bool {
        let marker = "request number \(count + 1)"
        let deadline = Date(timeIntervalSinceNow: seconds)
        while Date() < deadline {
            if said.withLock({ $0.contains(marker) }) { return true }
            guard process.isRunning else { return false }
            Thread.sleep(forTimeInterval: 0.01)
        }
        return false
    }

    /// SIGKILL, not SIGTERM: a signal ignored by whatever started `ozen` (a test runner, a
    /// desktop's launcher) stays ignored in xclip, and the wait would never end.
    func stop() {
        if process.isRunning { kill(process.processIdentifier, SIGKILL) }
        process.waitUntilExit()
    }
}

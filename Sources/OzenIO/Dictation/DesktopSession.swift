import Foundation

/// Which desktop the text goes into, told apart by the session's environment: X11 (xdotool,
/// xclip), a wlroots Wayland compositor (wtype, wl-clipboard), or a Wayland desktop without a
/// virtual-keyboard protocol (GNOME), where nothing may type into another app and the text can
/// only go on the clipboard for her to paste.
public enum DesktopSession: Equatable, Sendable {
    case x11(display: String)
    case wlroots(display: String)
    /// Wayland without the protocols wtype needs (GNOME, and KDE without its fake input).
    case waylandWithoutTyping(desktop: String)
    case none

    public static func detect(_ environment: [String: String] = ProcessInfo.processInfo.environment) -> DesktopSession {
        let type = environment["XDG_SESSION_TYPE"]?.lowercased() ?? ""
        let desktop = environment["XDG_CURRENT_DESKTOP"] ?? ""
        if let wayland = environment["WAYLAND_DISPLAY"], !wayland.isEmpty, type != "x11" {
            let lower = desktop.lowercased()
            if lower.contains("gnome") || lower.contains("kde") { return .waylandWithoutTyping(desktop: desktop) }
            return .wlroots(display: wayland)
        }
        if let display = environment["DISPLAY"], !display.isEmpty { return .x11(display: display) }
        return .none
    }
}

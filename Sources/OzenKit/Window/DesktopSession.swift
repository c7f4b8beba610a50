/// The desktop this process runs in, as its environment tells: a Wayland display, an X11
/// display (XWayland's too), and the desktop's names (`XDG_CURRENT_DESKTOP`, "GNOME",
/// "KDE", "sway"…). Nil when unset or empty.
public struct DesktopSession: Sendable, Equatable {
    public let wayland: String?
    public let x11: String?
    public let names: [String]

    public init(wayland: String? = nil, x11: String? = nil, names: [String] = []) {
        self.wayland = wayland
        self.x11 = x11
        self.names = names
    }

    /// GNOME's shell (Mutter): on Wayland it offers no layer-shell and lets no Wayland window
    /// keep itself on top; it does keep an X11 window above when the window asks.
    public var isGNOME: Bool { names.contains { $0.caseInsensitiveCompare("GNOME") == .orderedSame } }
}

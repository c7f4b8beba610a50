/// How the caption window stays above a call or a video on this desktop, decided before GTK
/// opens its display (which display GTK opens decides what is possible afterwards).
///
/// - X11 (and XWayland): the window asks the window manager to keep it above the others
///   (`_NET_WM_STATE_ABOVE`, which Openbox, Xfwm, KWin and Mutter honour).
/// - Wayland with layer-shell (KDE Plasma, sway, Hyprland, labwc…): the window is an overlay
///   layer anchored to the bottom of the screen, above fullscreen windows.
/// - GNOME on Wayland offers neither to a Wayland window, but keeps an XWayland window above
///   when it asks: the window opens through XWayland there (when `DISPLAY` is set).
/// - A Wayland desktop with neither: the window opens as an ordinary window and says how to
///   keep it on top by hand (its title bar's menu, "Always on Top").
public enum CaptionWindowPlacement: Equatable, Sendable {
    /// Open on X11 and ask to be kept above.
    case x11Above
    /// Open on Wayland and become a layer-shell overlay if the compositor offers it, else
    /// an ordinary window with the hint.
    case waylandOverlay

    /// The GDK backends to allow (`gdk_set_allowed_backends`), most wanted first.
    public var backends: String {
        switch self {
        case .x11Above: return "x11"
        case .waylandOverlay: return "wayland,x11"
        }
    }

    public static func choose(for desktop: DesktopSession) -> CaptionWindowPlacement {
        guard desktop.wayland != nil else { return .x11Above }
        if desktop.isGNOME && desktop.x11 != nil { return .x11Above }
        return .waylandOverlay
    }

    /// What the window says when it could not keep itself above (Wayland without layer-shell).
    public static let keepOnTopByHand = tr(
        "ozen-window: שולחן העבודה הזה לא מאפשר לחלון להישאר מעל האחרים בעצמו; לחצו בכפתור הימני על שורת הכותרת ובחרו \"תמיד עליון\" (Always on Top)",
        "ozen-window: this desktop does not let a window keep itself above the others; right-click its title bar and choose \"Always on Top\"")
}

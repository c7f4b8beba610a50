import CWebKitGTK
import Foundation
import OzenKit

/// The caption window: a GTK 3 window holding a WebKitGTK view of the display page in its
/// window mode (the last lines, her size and colours, the same emphasis of her name and of
/// numbers, the same alert banner and flash), kept above the other windows as the desktop
/// allows (`CaptionWindowPlacement`). One display: what the page shows, the window shows.
@MainActor
final class CaptionWindow {
    /// Exit statuses: the page could not be loaded (is `ozen serve` running?), and no desktop
    /// to open a window on.
    static let pageUnreachable: Int32 = 69
    static let noDesktop: Int32 = 69

    private let options: CaptionWindowOptions
    private let window: UnsafeMutablePointer<GtkWidget>
    private let view: UnsafeMutablePointer<GtkWidget>
    private let parent = getppid()
    private var status: Int32 = 0
    private var report: WindowReport?
    /// The height the page asked for last (its lines at her size), in pixels.
    private var askedHeight = 0
    /// Where the window is, as last seen (X11); kept when it closes.
    private var place: CaptionWindowPlace?
    private let placeFile = CaptionWindowPlace.path(in: OzenEnvironment.current.home)

    /// Opens the window and runs GTK's loop until the window closes; the exit status.
    static func run(_ options: CaptionWindowOptions, placement: CaptionWindowPlacement) -> Int32 {
        // A parent that waits for its stop signals with sigwait (ozen serve, a test runner)
        // hands its children those signals blocked: unblocked here, before GTK starts threads,
        // so SIGTERM and Ctrl-C reach the handlers below.
        var stops = sigset_t()
        sigemptyset(&stops)
        sigaddset(&stops, SIGTERM)
        sigaddset(&stops, SIGINT)
        pthread_sigmask(SIG_UNBLOCK, &stops, nil)
        // Her locale when this computer has it, else C.UTF-8, quietly, here and in WebKit's
        // own processes: GTK's setlocale would warn on every start of a system without her
        // locale's files.
        if setlocale(LC_ALL, "") == nil {
            setenv("LC_ALL", "C.UTF-8", 1)
            setlocale(LC_ALL, "")
        }
        gtk_disable_setlocale()
        gdk_set_allowed_backends(placement.backends)
        guard gtk_init_check(nil, nil) != 0 else {
            FileHandle.standardError.write(Data((tr("ozen-window: אין שולחן עבודה לפתוח בו חלון (DISPLAY ו־WAYLAND_DISPLAY ריקים או לא עונים)",
                                                    "ozen-window: no desktop to open a window on (DISPLAY and WAYLAND_DISPLAY unset or not answering)") + "\n").utf8))
            return noDesktop
        }
        let window = CaptionWindow(options: options)
        window.show()
        gtk_main()
        return window.status
    }

    private init(options: CaptionWindowOptions) {
        self.options = options
        window = gtk_window_new(GTK_WINDOW_TOPLEVEL)
        view = webkit_web_view_new()
        let gtkWindow = gobject(window, as: GtkWindow.self)
        gtk_window_set_title(gtkWindow, tr("אוזן: כתוביות", "Ozen: captions"))
        // Until the page says how tall her lines are: the lines at the page's default size
        // (rows of 1.35 × 36 px, and 8 px of padding).
        let lines = Double(options.lines ?? CaptionWindowOptions.defaultLines)
        gtk_window_set_default_size(gtkWindow, 960, gint((lines * 1.35 * 36 + 8).rounded(.up)))
        gtk_container_add(gobject(window, as: GtkContainer.self), view)
    }

    private func show() {
        let me = Unmanaged.passUnretained(self).toOpaque()
        let gtkWindow = gobject(window, as: GtkWindow.self)
        ozen_signal_connect(window, "destroy", callback({ (_: gpointer?, data: gpointer?) in
            MainActor.assumeIsolated { CaptionWindow.from(data).closed() }
        } as @convention(c) (gpointer?, gpointer?) -> Void), me)
        ozen_signal_connect(view, "load-failed", callback({ (_: gpointer?, _: WebKitLoadEvent, uri: UnsafeMutablePointer<gchar>?, error: UnsafeMutablePointer<GError>?, data: gpointer?) -> gboolean in
            let reason = error.map { String(cString: $0.pointee.message) } ?? "?"
            let address = uri.map { String(cString: $0) } ?? "?"
            MainActor.assumeIsolated { CaptionWindow.from(data).failed(address: address, reason: reason) }
            return 1
        } as @convention(c) (gpointer?, WebKitLoadEvent, UnsafeMutablePointer<gchar>?, UnsafeMutablePointer<GError>?, gpointer?) -> gboolean), me)

        let x11 = ozen_display_is_x11() != 0
        let overlay = !x11 && gtk_layer_is_supported() != 0
        if overlay {
            // Above fullscreen windows, at the bottom of the screen, never taking her keys.
            gtk_layer_init_for_window(gtkWindow)
            gtk_layer_set_layer(gtkWindow, GTK_LAYER_SHELL_LAYER_OVERLAY)
            gtk_layer_set_anchor(gtkWindow, GTK_LAYER_SHELL_EDGE_BOTTOM, 1)
            gtk_layer_set_margin(gtkWindow, GTK_LAYER_SHELL_EDGE_BOTTOM, 48)
            gtk_layer_set_keyboard_mode(gtkWindow, GTK_LAYER_SHELL_KEYBOARD_MODE_NONE)
        } else {
            gtk_window_set_keep_above(gtkWindow, 1)
            if !putBack(gtkWindow) { placeAtTheBottom(gtkWindow) }
        }
        // `ozen serve` ends the window with SIGTERM; Ctrl-C at a terminal is SIGINT: both close
        // it as her click would, so where it was is kept.
        for signal in [SIGTERM, SIGINT] {
            g_unix_signal_add(signal, { data in
                MainActor.assumeIsolated { CaptionWindow.from(data).close() }
                return 0
            }, me)
        }
        webkit_web_view_load_uri(gobject(view, as: WebKitWebView.self), options.windowAddress)
        gtk_widget_show_all(window)
        if !overlay && !x11 {
            FileHandle.standardError.write(Data((CaptionWindowPlacement.keepOnTopByHand + "\n").utf8))
        }
        if options.reports || options.snapshot != nil {
            report = WindowReport(view: view, window: window, options: options,
                                  above: x11 ? .x11 : overlay ? .layerShell : .byHand)
        }
        // Every half second: the `ozen` that started it still there, and what it shows.
        g_timeout_add(500, { data in
            MainActor.assumeIsolated { CaptionWindow.from(data).tick() }
        }, me)
    }

    /// Where captions go: centred near the bottom of the screen, over the call's own controls
    /// rather than its faces. She moves it where she likes; the window manager keeps it there.
    private func placeAtTheBottom(_ gtkWindow: UnsafeMutablePointer<GtkWindow>) {
        guard let area = workArea() else { return }
        var width: gint = 0, height: gint = 0
        gtk_window_get_default_size(gtkWindow, &width, &height)
        width = min(width, area.width)
        gtk_window_set_default_size(gtkWindow, width, height)
        gtk_window_move(gtkWindow, area.x + (area.width - width) / 2, area.y + area.height - height - 48)
    }

    /// Where she left it last time, kept on the screen; false when nothing was kept.
    private func putBack(_ gtkWindow: UnsafeMutablePointer<GtkWindow>) -> Bool {
        guard ozen_display_is_x11() != 0, let kept = CaptionWindowPlace.load(from: placeFile), let area = workArea() else { return false }
        var width: gint = 0, height: gint = 0
        gtk_window_get_default_size(gtkWindow, &width, &height)
        let fitted = kept.fitted(into: (Int(area.x), Int(area.y), Int(area.width), Int(area.height)), height: Int(height))
        gtk_window_set_default_size(gtkWindow, gint(fitted.width), height)
        gtk_window_move(gtkWindow, gint(fitted.x), gint(fitted.y))
        return true
    }

    private func workArea() -> GdkRectangle? {
        guard let display = gdk_display_get_default(), let monitor = gdk_display_get_primary_monitor(display)
                ?? gdk_display_get_monitor(display, 0) else { return nil }
        var area = GdkRectangle()
        gdk_monitor_get_workarea(monitor, &area)
        return area
    }

    /// Notes where the window is now (X11 only: a Wayland window is not told).
    private func notePlace() {
        guard ozen_display_is_x11() != 0, gtk_widget_get_visible(window) != 0 else { return }
        let gtkWindow = gobject(window, as: GtkWindow.self)
        var x: gint = 0, y: gint = 0, width: gint = 0, height: gint = 0
        gtk_window_get_position(gtkWindow, &x, &y)
        gtk_window_get_size(gtkWindow, &width, &height)
        place = CaptionWindowPlace(x: Int(x), y: Int(y), width: Int(width))
    }

    private func close() {
        gtk_widget_destroy(window)
    }

    private func tick() -> gboolean {
        // Started by `ozen serve`, it ends with it (an orphan is adopted by another process).
        if getppid() != parent {
            gtk_widget_destroy(window)
            return 0
        }
        report?.look()
        fitTheLines()
        notePlace()
        return 1
    }

    /// The page says how tall its lines are at her size (`data-window-height`); the window
    /// takes that height whenever it changes (A+, A−, the ☰ lines button), keeping its width.
    private func fitTheLines() {
        PageScript.ask(view, "document.body.dataset.windowHeight || ''") { [self] answer in
            guard let height = answer.flatMap({ Int($0) }), height > 0, height != askedHeight else { return }
            askedHeight = height
            let gtkWindow = gobject(window, as: GtkWindow.self)
            var width: gint = 0, current: gint = 0
            gtk_window_get_size(gtkWindow, &width, &current)
            gtk_window_resize(gtkWindow, width, gint(height))
        }
    }

    private func failed(address: String, reason: String) {
        FileHandle.standardError.write(Data((tr("ozen-window: לא ניתן לפתוח את \(address): \(reason); האם ozen serve רץ?",
                                                "ozen-window: cannot open \(address): \(reason); is ozen serve running?") + "\n").utf8))
        status = Self.pageUnreachable
        gtk_widget_destroy(window)
    }

    private func closed() {
        // Only a window that was shown and seen has a place worth keeping.
        if let place { try? place.save(to: placeFile) }
        gtk_main_quit()
    }

    private static func from(_ data: gpointer?) -> CaptionWindow {
        Unmanaged<CaptionWindow>.fromOpaque(data!).takeUnretainedValue()
    }
}

import CWebKitGTK
import Foundation
import OzenKit

/// `ozen-window --report` and `--snapshot`: what the window shows, for the tests and the docs'
/// screenshot. On stdout, one JSON object a line: `{"window":"0x…"}` once the window is on
/// the screen (its X11 id, for xprop), then `{"lines":[…]}` each time the caption lines it
/// shows change (the text of each visible line, as she reads it). The first line also says how
/// the window stays above: "x11" (it asked the window manager), "layer-shell" (an overlay
/// layer), "by hand" (the desktop leaves it to her).
@MainActor
final class WindowReport {
    /// The visible caption lines' text, as the page lays them out.
    private static let script = """
        JSON.stringify(Array.from(document.querySelectorAll("#captions .line"))
          .filter((line) => line.getClientRects().length > 0)
          .map((line) => line.innerText.replace(/\\s+/g, " ").trim()))
        """

    enum Above: String { case x11, layerShell = "layer-shell", byHand = "by hand" }

    private let above: Above
    private let view: UnsafeMutablePointer<GtkWidget>
    private let window: UnsafeMutablePointer<GtkWidget>
    private let options: CaptionWindowOptions
    private var saidWindow = false
    private var shown: String?
    private var asking = false

    init(view: UnsafeMutablePointer<GtkWidget>, window: UnsafeMutablePointer<GtkWidget>, options: CaptionWindowOptions, above: Above) {
        self.above = above
        self.view = view
        self.window = window
        self.options = options
    }

    /// Says the window's id once it has one, and asks the page what it shows.
    func look() {
        if options.reports && !saidWindow {
            let id = ozen_x11_window_id(window)
            if id != 0 || above != .x11 {
                saidWindow = true
                let name = id == 0 ? "null" : #""0x\#(String(id, radix: 16))""#
                say(#"{"window":\#(name),"above":"\#(above.rawValue)"}"#)
            }
        }
        guard !asking else { return }
        asking = true
        PageScript.ask(view, Self.script) { [self] in answered($0) }
    }

    private func answered(_ lines: String?) {
        asking = false
        guard let lines, lines != shown else { return }
        shown = lines
        if options.reports { say(#"{"lines":\#(lines)}"#) }
        if let path = options.snapshot { save(to: path) }
    }

    private func save(to path: String) {
        guard let area = gtk_widget_get_window(window) else { return }
        let width = gdk_window_get_width(area), height = gdk_window_get_height(area)
        guard let picture = gdk_pixbuf_get_from_window(area, 0, 0, width, height) else { return }
        defer { g_object_unref(UnsafeMutableRawPointer(picture)) }
        var error: UnsafeMutablePointer<GError>?
        if gdk_pixbuf_savev(picture, path, "png", nil, nil, &error) == 0, let error {
            FileHandle.standardError.write(Data("ozen-window: cannot save \(path): \(String(cString: error.pointee.message))\n".utf8))
            g_error_free(error)
        }
    }

    private func say(_ line: String) {
        FileHandle.standardOutput.write(Data((line + "\n").utf8))
    }
}

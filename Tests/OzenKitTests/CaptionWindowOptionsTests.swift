import OzenKit
import Testing

/// `ozen-window`'s arguments, the page address it opens, and how it stays above on each desktop.
struct CaptionWindowOptionsTests {
    @Test func theWindowOpensThePageInWindowMode() throws {
        let plain = try CaptionWindowOptions.parse(["http://127.0.0.1:8765/"])
        #expect(plain == CaptionWindowOptions(page: "http://127.0.0.1:8765/"))
        #expect(plain.windowAddress == "http://127.0.0.1:8765/?window")
        // Lines asked for go into the address; a pairing token stays in the fragment.
        let paired = try CaptionWindowOptions.parse(["--lines", "3", "http://192.168.1.5:8765/#token=abc", "--report"])
        #expect(paired.lines == 3 && paired.reports)
        #expect(paired.windowAddress == "http://192.168.1.5:8765/?window&lines=3#token=abc")
        // An address that already has a query keeps it, with window mode said once.
        let asked = CaptionWindowOptions(page: "http://127.0.0.1:1/?window&lines=1&x=2", lines: 4)
        #expect(asked.windowAddress == "http://127.0.0.1:1/?x=2&window&lines=4")
    }

    @Test func badArgumentsAreSaid() {
        let cases: [([String], String)] = [
            ([], "ozen-window: which page? " + CaptionWindowOptions.usage),
            (["http://127.0.0.1:1/", "--lines", "5"], "ozen-window: --lines takes a number from 1 to 4"),
            (["http://127.0.0.1:1/", "--lines"], "ozen-window: --lines takes a number from 1 to 4"),
            (["http://127.0.0.1:1/", "--snapshot"], "ozen-window: --snapshot takes the PNG file to write"),
            (["127.0.0.1:8765"], "ozen-window: 127.0.0.1:8765 is not a page address (http://…); `ozen serve --window` starts this window with its own"),
            (["http://127.0.0.1:1/", "--big"], "ozen-window: unknown option --big\n" + CaptionWindowOptions.usage),
            (["http://a/", "http://b/"], "ozen-window: unknown option http://b/\n" + CaptionWindowOptions.usage),
        ]
        for (arguments, said) in cases {
            #expect(throws: CaptionWindowOptions.Problem(description: said), "\(arguments)") { try CaptionWindowOptions.parse(arguments) }
        }
    }

    @Test func eachDesktopKeepsTheWindowAboveItsOwnWay() {
        // X11 alone, and GNOME on Wayland with XWayland: the window manager keeps an X11 window above.
        #expect(CaptionWindowPlacement.choose(for: DesktopSession(x11: ":0", names: ["XFCE"])) == .x11Above)
        #expect(CaptionWindowPlacement.choose(for: DesktopSession(wayland: "wayland-0", x11: ":0", names: ["ubuntu", "GNOME"])) == .x11Above)
        // Other Wayland desktops: layer-shell when the compositor has it (KDE, sway).
        #expect(CaptionWindowPlacement.choose(for: DesktopSession(wayland: "wayland-0", x11: ":0", names: ["KDE"])) == .waylandOverlay)
        #expect(CaptionWindowPlacement.choose(for: DesktopSession(wayland: "wayland-1", names: ["sway"])) == .waylandOverlay)
        // GNOME without XWayland: Wayland it is (and the window says how to keep it on top).
        #expect(CaptionWindowPlacement.choose(for: DesktopSession(wayland: "wayland-0", names: ["GNOME"])) == .waylandOverlay)
        #expect(CaptionWindowPlacement.x11Above.backends == "x11")
        #expect(CaptionWindowPlacement.waylandOverlay.backends == "wayland,x11")
    }

    @Test func theDesktopIsReadFromTheEnvironment() {
        let desktop = OzenEnvironment(["WAYLAND_DISPLAY": "wayland-0", "DISPLAY": "", "XDG_CURRENT_DESKTOP": "ubuntu:GNOME"]).desktop
        #expect(desktop == DesktopSession(wayland: "wayland-0", x11: nil, names: ["ubuntu", "GNOME"]))
        #expect(desktop.isGNOME)
    }
}

/// Where the caption window comes back: as she left it, but never off the screen.
struct CaptionWindowPlaceTests {
    @Test func aKeptPlaceStaysOnTheScreen() {
        let screen = (x: 0, y: 0, width: 1280, height: 800)
        #expect(CaptionWindowPlace(x: 100, y: 200, width: 900).fitted(into: screen, height: 106) == CaptionWindowPlace(x: 100, y: 200, width: 900))
        // From a bigger monitor, now gone: pulled back wholly onto this one.
        #expect(CaptionWindowPlace(x: 2500, y: 1300, width: 1600).fitted(into: screen, height: 106) == CaptionWindowPlace(x: 0, y: 694, width: 1280))
        #expect(CaptionWindowPlace(x: -40, y: -10, width: 50).fitted(into: screen, height: 106) == CaptionWindowPlace(x: 0, y: 0, width: 200))
    }
}

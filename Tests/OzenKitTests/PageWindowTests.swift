import OzenKit
import Testing

/// How `ozen serve --open` (the desktop launcher) shows the page: Chromium's app window when
/// there is one, else the desktop's browser through xdg-open, else nothing to run.
@Suite struct PageWindowTests {
    let url = "http://127.0.0.1:8765/"

    @Test func chromiumOpensItAsAnAppWindow() {
        let installed = ["chromium": "/usr/bin/chromium", "xdg-open": "/usr/bin/xdg-open"]
        #expect(PageWindow.command(url: url) { installed[$0] } == ["/usr/bin/chromium", "--app=" + url])
    }

    @Test func otherwiseTheDesktopsBrowser() {
        let installed = ["xdg-open": "/usr/bin/xdg-open"]
        #expect(PageWindow.command(url: url) { installed[$0] } == ["/usr/bin/xdg-open", url])
        #expect(PageWindow.command(url: url) { _ in nil } == nil)
    }
}

/// How `ozen serve --open` shows the display page: as an app window of Chromium or Chrome
/// (`--app=URL`: no tabs, no address bar) when one is installed, else in the desktop's
/// browser through `xdg-open`. Pure: the caller says which programs are on the PATH.
public enum PageWindow {
    /// The browsers that open a page as an app window, in the order tried.
    public static let appBrowsers = ["chromium", "chromium-browser", "google-chrome", "google-chrome-stable"]

    /// The command line that opens `url`, given `find` (a program's name to its path, nil
    /// when not installed); nil when nothing here can open a page.
    public static func command(url: String, find: (String) -> String?) -> [String]? {
        for name in appBrowsers {
            if let path = find(name) { return [path, "--app=" + url] }
        }
        if let opener = find("xdg-open") { return [opener, url] }
        return nil
    }
}

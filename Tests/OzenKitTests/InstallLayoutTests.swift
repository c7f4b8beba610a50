import OzenKit
import Testing

/// Where an install puts Ozen, and where `ozen serve` looks for the display page: an installed
/// program finds the copy under its own prefix before any checkout, and `OZEN_WEB` wins over both.
@Suite struct InstallLayoutTests {
    @Test func anInstalledProgramKnowsItsPrefix() throws {
        let layout = try #require(InstallLayout(program: "/home/dana/.local/lib/ozen/ozen"))
        #expect(layout.prefix == "/home/dana/.local")
        #expect(layout.command == "/home/dana/.local/bin/ozen")
        #expect(layout.webFolder == "/home/dana/.local/share/ozen/web")
        #expect(layout.launcher == "/home/dana/.local/share/applications/ozen.desktop")
        #expect(layout.callsLauncher == "/home/dana/.local/share/applications/ozen-calls.desktop")
        #expect(layout.manifest == "/home/dana/.local/share/ozen/installed-files")
        #expect(InstallLayout(program: "/lib/ozen/ozen")?.command == "/bin/ozen")
        #expect(InstallLayout(prefix: "/opt/x/").program == "/opt/x/lib/ozen/ozen")
    }

    @Test func aBuildInACheckoutIsNotAnInstall() {
        #expect(InstallLayout(program: "/work/ozen/.build/release/ozen") == nil)
        #expect(InstallLayout(program: "/usr/local/bin/ozen") == nil)
    }

    @Test func anInstalledProgramLooksBesideItselfFirst() {
        let candidates = DisplayPageSearch.candidates(program: "/home/dana/.local/lib/ozen/ozen", currentDirectory: "/tmp")
        #expect(candidates.first == "/home/dana/.local/share/ozen/web")
        #expect(candidates.last == DisplayPageSearch.systemFolder)
        #expect(candidates.contains("/tmp/Web"))
    }

    @Test func aCheckoutBuildFindsItsWebFolder() {
        let found = DisplayPageSearch.folder(webSetting: nil, program: "/work/ozen/.build/x86_64-unknown-linux-gnu/release/ozen",
                                             currentDirectory: "/tmp") { $0 == "/work/ozen/Web" || $0 == "/tmp/Web" }
        #expect(found == "/work/ozen/Web")
    }

    @Test func theSettingWinsAndNothingFoundFallsBackToTheSystemFolder() {
        #expect(DisplayPageSearch.folder(webSetting: "/srv/page", program: "/p/lib/ozen/ozen", currentDirectory: "/") { _ in true } == "/srv/page")
        #expect(DisplayPageSearch.folder(webSetting: "", program: "/p/lib/ozen/ozen", currentDirectory: "/") { $0 == "/p/share/ozen/web" } == "/p/share/ozen/web")
        #expect(DisplayPageSearch.folder(webSetting: nil, program: "/p/lib/ozen/ozen", currentDirectory: "/") { _ in false } == DisplayPageSearch.systemFolder)
    }
}

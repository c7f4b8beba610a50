import OzenKit
import Testing

/// The systemd user unit `ozen service install` writes: `ozen serve` by its absolute path,
/// restarted on failure, wanted by the session; paths and settings systemd would misread
/// (spaces, `%`, `$`) come out quoted and escaped. (InstallTests runs `systemd-analyze verify`
/// on a written one.)
@Suite struct ServiceUnitTests {
    @Test func theUnitServesAndRestarts() {
        let text = ServiceUnit.text(program: "/home/dana/.local/bin/ozen", lan: false)
        let lines = text.split(separator: "\n").map(String.init)
        #expect(lines.contains("ExecStart=/home/dana/.local/bin/ozen serve"))
        #expect(lines.contains("Restart=on-failure"))
        #expect(lines.contains("WantedBy=default.target"))
        #expect(lines.contains("[Service]") && lines.contains("[Install]") && lines.contains("[Unit]"))
        #expect(!text.contains("Environment="))
    }

    @Test func lanAndSettingsAreCarried() {
        let text = ServiceUnit.text(program: "/usr/local/bin/ozen", lan: true,
                                    environment: [(name: "OZEN_HOME", value: "/home/dana/ozen home")])
        #expect(text.contains("\nExecStart=/usr/local/bin/ozen serve --lan\n"))
        #expect(text.contains("\nEnvironment=\"OZEN_HOME=/home/dana/ozen home\"\n"))
    }

    @Test func awkwardPathsAreQuotedAndEscaped() {
        #expect(ServiceUnit.execArgument("/home/dana/my apps/ozen") == "\"/home/dana/my apps/ozen\"")
        #expect(ServiceUnit.execArgument("/opt/100%/ozen") == "/opt/100%%/ozen")
        #expect(ServiceUnit.execArgument("/opt/$x/ozen") == "/opt/$$x/ozen")
        #expect(ServiceUnit.execArgument("/opt/a\"b/ozen") == "\"/opt/a\\\"b/ozen\"")
    }
}

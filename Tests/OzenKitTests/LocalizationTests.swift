import Foundation
import OzenKit
import OzenTestSupport
import Testing

/// Every user-facing string is written once in Hebrew and English (`tr`), and the interface
/// language follows the locale or a setting.
@Suite(.serialized) struct LocalizationTests {
    @Test(arguments: [
        (["LANG": "he_IL.UTF-8"], InterfaceLanguage.hebrew),
        (["LANG": "en_US.UTF-8"], .english),
        (["LANG": "sv_SE.UTF-8"], .english),
        (["LC_ALL": "he_IL.UTF-8", "LANG": "en_US.UTF-8"], .hebrew),
        (["LC_MESSAGES": "en_GB.UTF-8", "LANG": "he_IL.UTF-8"], .english),
        (["LANG": "iw_IL"], .hebrew),
        ([:], .english),
    ] as [([String: String], InterfaceLanguage)])
    func languageFollowsTheLocale(_ environment: [String: String], _ expected: InterfaceLanguage) {
        #expect(InterfaceLanguage.resolve(environment: environment) == expected)
    }

    @Test func aSettingWinsOverTheLocale() {
        #expect(InterfaceLanguage.resolve(environment: ["LANG": "en_US.UTF-8"], setting: "he") == .hebrew)
        #expect(InterfaceLanguage.resolve(environment: ["LANG": "he_IL.UTF-8"], setting: "English") == .english)
        #expect(InterfaceLanguage.resolve(environment: ["LANG": "he_IL.UTF-8"], setting: "klingon") == .hebrew)
        InterfaceLanguage.use(.hebrew)
        #expect(tr("שלום", "Hello") == "שלום")
        InterfaceLanguage.use(.english)
        #expect(tr("שלום", "Hello") == "Hello")
        InterfaceLanguage.use(nil)
    }

    @Test func placeholdersAreFound() {
        #expect(Phrase.placeholders(in: "%d pills, %@ and %.1f°, 100%% sure, {name}") == ["%d", "%@", "%.1f", "{name}"])
        #expect(Phrase.placeholders(in: "%1$@ then %2$d") == ["%1$@", "%2$d"])
    }

    @Test(arguments: [
        (Phrase(hebrew: "", english: "Hello"), "Hebrew side is empty"),
        (Phrase(hebrew: "שלום", english: " "), "English side is empty"),
        (Phrase(hebrew: "%d כדורים", english: "%@ pills"), "placeholders differ"),
        (Phrase(hebrew: "שלום {name}", english: "Hello"), "placeholders differ"),
        (Phrase(hebrew: "%@ ב־%d", english: "%d at %@"), "different order"),
    ])
    func brokenPhrasesAreCaught(_ phrase: Phrase, _ problem: String) {
        #expect(phrase.problems.contains { $0.contains(problem) })
    }

    @Test func goodPhraseHasNoProblems() {
        #expect(Phrase(hebrew: "%1$@ ב־%2$d", english: "%2$d at %1$@").problems.isEmpty)
        #expect(Phrase(hebrew: "קיבל '%@'", english: "got '%@'").problems.isEmpty)
    }

    @Test func catalogReadsCallsAndSkipsComments() {
        let source = #"""
        // tr("", "commented out")
        let a = tr("שלום", "Hello")
        let b = tr("%d כדורים",
                   "%@ pills")
        let c = tr(name, "Hi")
        let d = "tr(\"x\", \"y\")"
        func tr(_ hebrew: String, _ english: String) -> String { "" }
        """#
        let entries = PhraseCatalog.entries(inSource: source, file: "x.swift")
        #expect(entries.count == 3)
        #expect(entries[0].phrase == Phrase(hebrew: "שלום", english: "Hello") && entries[0].problems.isEmpty)
        #expect(entries[1].line == 3 && !entries[1].problems.isEmpty)
        #expect(entries[2].phrase == nil && !entries[2].problems.isEmpty)
    }

    /// The test the issue asks for: no user-facing string anywhere in Sources lacks a side or
    /// has placeholders that differ.
    @Test func everyStringInTheSourcesHasBothSides() throws {
        let sources = Fixtures.repository.appendingPathComponent("Sources")
        let files = try #require(FileManager.default.enumerator(at: sources, includingPropertiesForKeys: nil))
        var count = 0
        for case let url as URL in files where url.pathExtension == "swift" {
            let source = try String(contentsOf: url, encoding: .utf8)
            for entry in PhraseCatalog.entries(inSource: source, file: url.lastPathComponent) {
                count += 1
                #expect(entry.problems.isEmpty, "\(entry.file):\(entry.line): \(entry.problems)")
            }
        }
        #expect(count > 0)
    }
}

import Foundation
import OzenKit
import OzenTestSupport
import Testing

/// The settings table (`Knob.all`): it lists every `OZEN_*` variable the sources name, the docs
/// list the same rows, each numeric knob takes exactly the range the table gives, and a value
/// outside it gets the message `ozen` has always given.
@Suite struct SettingsTableTests {
    /// The Swift sources, with their paths relative to the repository.
    static func sources() throws -> [(path: String, text: String)] {
        let root = Fixtures.repository.appendingPathComponent("Sources")
        let files = try #require(FileManager.default.enumerator(at: root, includingPropertiesForKeys: nil))
        var found: [(String, String)] = []
        for case let url as URL in files where url.pathExtension == "swift" {
            let path = String(url.path.dropFirst(Fixtures.repository.path.count + 1))
            found.append((path, try String(contentsOf: url, encoding: .utf8)))
        }
        return found
    }

    static func matches(of pattern: String, in text: String) throws -> [String] {
        let expression = try NSRegularExpression(pattern: pattern)
        return expression.matches(in: text, range: NSRange(text.startIndex..., in: text)).compactMap {
            Range($0.range, in: text).map { String(text[$0]) }
        }
    }

    @Test func theTableListsEveryKnobTheSourcesName() throws {
        let names = Knob.all.map(\.name)
        #expect(Set(names).count == names.count, "a knob is listed twice")
        var named: Set<String> = []
        for (_, text) in try Self.sources() { named.formUnion(try Self.matches(of: "OZEN_[A-Z_]+", in: text)) }
        #expect(named.subtracting(names).isEmpty, "named in Sources but not in the table: \(named.subtracting(names).sorted())")
        #expect(Set(names).subtracting(named).isEmpty, "in the table but named nowhere else: \(Set(names).subtracting(named).sorted())")
        for knob in Knob.all {
            #expect(!knob.meaning.isEmpty && !knob.range.isEmpty && !knob.defaultValue.isEmpty, "\(knob.name)")
            #expect(Knob.named(knob.name) == knob)
        }
    }

    /// The environment is read in one place: nothing outside Sources/OzenKit/Settings looks up
    /// an `OZEN_*` variable itself, or any variable straight from the process's environment (a
    /// child's environment may still be given one).
    @Test func onlyTheSettingsReadTheEnvironment() throws {
        for (path, text) in try Self.sources() where !path.hasPrefix("Sources/OzenKit/Settings/") {
            let pattern = #"(\[\s*"OZEN_[A-Z_]+"\s*\](?!\s*=[^=])|processInfo\.environment\[|getenv\(\s*"OZEN_)"#
            let reads = try Self.matches(of: pattern, in: text)
            #expect(reads.isEmpty, "\(path) reads \(reads)")
        }
    }

    /// The rows of the docs' table, in docs/settings.md.
    static func documentedRows() throws -> [[String]] {
        let text = try String(contentsOf: Fixtures.repository.appendingPathComponent("docs/settings.md"), encoding: .utf8)
        // The table that begins with the code's own header; setup's variables have a table of their own below.
        let lines = text.components(separatedBy: "\n")
        let header = try #require(lines.firstIndex(of: "| name | meaning | range | default |"), "no settings table in docs/settings.md")
        return lines[header...].prefix { !$0.isEmpty }.filter { $0.hasPrefix("| `OZEN_") }.map { line in
            line.dropFirst(2).dropLast(2).components(separatedBy: " | ")
                .map { $0.replacingOccurrences(of: "\\|", with: "|").trimmingCharacters(in: .whitespaces) }
        }
    }

    @Test func theDocsListTheTableTheCodeHas() throws {
        let rows = try Self.documentedRows()
        let expected = Knob.all.map { ["`\($0.name)`", $0.meaning, $0.range, $0.defaultValue] }
        #expect(rows == expected, "docs/settings.md should hold:\n\(Knob.markdownTable)")
    }

    /// The defaults the table gives are the pipeline's own numbers.
    @Test func theDefaultsAreThePipelines() {
        let live = LiveSettings.default
        #expect(Knob.pause.defaultValue == "0.5 s" && live.cutter.pauseToClose == 0.5)
        #expect(Knob.linePause.defaultValue == "0.75 s" && live.linePause == 0.75)
        #expect(Knob.leadIn.defaultValue == "0.3 s" && live.cutter.leadIn == 0.3)
        #expect(Knob.tail.defaultValue == "0.25 s" && live.cutter.tail == 0.25)
        #expect(Knob.passGap.defaultValue == "0.3 s" && live.minimumPassGap == 0.3)
        #expect(Knob.passCostFactor.defaultValue == "1" && live.passCostFactor == 1)
        #expect(Knob.finalMargin.defaultValue == "256" && live.finalAudioContextMargin == 256)
        #expect(Knob.correctContext.defaultValue == "0 s" && live.corrections.context == 0)
        #expect(Knob.finalBeam.defaultValue == "5" && live.finalBeamSize == 5)
        #expect(live.finalAfterQuiet == nil)
        #expect(RecognizerSchedule.Settings().livePassesYieldToFinals)
        #expect(OzenEnvironment([:]).home.path == NSHomeDirectory() + "/.local/share/ozen")
        #expect(OzenEnvironment(["HOME": "/h"]).home.path == "/h/.local/share/ozen")
        #expect(OzenEnvironment(["HOME": "/h", "OZEN_HOME": ""]).home.path == "/h/.local/share/ozen")
        #expect(OzenEnvironment(["HOME": "/h", "OZEN_HOME": "/o"]).home == OzenHome(path: "/o"))
    }

    /// Each numeric knob takes the bounds of the range the docs give, and nothing just outside.
    @Test(arguments: Knob.all) func aKnobTakesItsRange(_ knob: Knob) throws {
        let inside: [String], outside: [String]
        switch knob.rule {
        case let .wholeNumber(range, _):
            inside = ["\(range.lowerBound)", "\(range.upperBound)"]
            outside = ["\(range.lowerBound - 1)", "\(range.upperBound + 1)", "1.5", "", "two"]
        case let .wholeNumberFrom(minimum, _):
            inside = ["\(minimum)", "\(minimum + 1500)"]
            outside = ["\(minimum - 1)", "1.5", "", "two"]
        case let .seconds(range), let .number(range, _):
            inside = ["\(range.lowerBound)", "\(range.upperBound)", "\((range.lowerBound + range.upperBound) / 2)"]
            outside = ["\(range.lowerBound - 0.01)", "\(range.upperBound + 0.01)", "nan", "", "two"]
        case let .probability(range):
            inside = ["\(range.lowerBound)", "\(range.upperBound)", "0.5"]
            outside = ["\(range.lowerBound - 0.01)", "\(range.upperBound + 0.01)", "nan", "", "1.5"]
        case .text, .one, .present:
            inside = ["", "1", "/anything"]
            outside = []
        }
        for value in inside {
            #expect(throws: Never.self, "\(knob.name)=\(value)") { try OzenEnvironment([knob.name: value]).check(knob) }
        }
        for value in outside {
            #expect(throws: KnobError.self, "\(knob.name)=\(value)") { try OzenEnvironment([knob.name: value]).check(knob) }
        }
        try OzenEnvironment([:]).check(knob)
    }

    /// The messages `ozen` gave before the knobs were gathered here, in both languages (the
    /// interface language is process-wide and another suite may switch it: either side will do).
    @Test(arguments: [
        ("OZEN_FINAL_BEAM", "0", "OZEN_FINAL_BEAM צריך להיות רוחב אלומה בין 1 ל־8, קיבל '0'",
         "OZEN_FINAL_BEAM must be a beam width from 1 to 8, got '0'"),
        ("OZEN_LIVE_THREADS", "two", "OZEN_LIVE_THREADS צריך להיות מספר שלם בין 1 ל־64, קיבל 'two'",
         "OZEN_LIVE_THREADS must be a whole number from 1 to 64, got 'two'"),
        ("OZEN_THREADS", "0", "OZEN_THREADS צריך להיות מספר שלם בין 1 ל־64, קיבל '0'",
         "OZEN_THREADS must be a whole number from 1 to 64, got '0'"),
        ("OZEN_FINAL_MARGIN", "1501", "OZEN_FINAL_MARGIN צריך להיות מספר מסגרות בין 0 ל־1500, קיבל '1501'",
         "OZEN_FINAL_MARGIN must be a number of frames from 0 to 1500, got '1501'"),
        ("OZEN_AUDIO_CONTEXT_MARGIN", "-1", "OZEN_AUDIO_CONTEXT_MARGIN צריך להיות מספר שלם של מסגרות, 0 ומעלה, קיבל '-1'",
         "OZEN_AUDIO_CONTEXT_MARGIN must be a whole number of frames ≥ 0, got '-1'"),
        ("OZEN_PASS_COST_FACTOR", "-1", "OZEN_PASS_COST_FACTOR צריך להיות מספר בין 0 ל־10, קיבל '-1'",
         "OZEN_PASS_COST_FACTOR must be a number from 0 to 10, got '-1'"),
        ("OZEN_VAD_THRESHOLD", "1.5", "OZEN_VAD_THRESHOLD צריך להיות הסתברות בין 0.1 ל־0.9, קיבל '1.5'",
         "OZEN_VAD_THRESHOLD must be a probability from 0.1 to 0.9, got '1.5'"),
        ("OZEN_PAUSE", "9", "OZEN_PAUSE צריך להיות שניות בין 0.1 ל־5, קיבל '9'",
         "OZEN_PAUSE must be seconds between 0.1 and 5, got '9'"),
        ("OZEN_LINE_PAUSE", "0.05", "OZEN_LINE_PAUSE צריך להיות שניות בין 0.1 ל־5, קיבל '0.05'",
         "OZEN_LINE_PAUSE must be seconds between 0.1 and 5, got '0.05'"),
        ("OZEN_FINAL_AFTER_QUIET", "x", "OZEN_FINAL_AFTER_QUIET צריך להיות שניות בין 0.1 ל־5, קיבל 'x'",
         "OZEN_FINAL_AFTER_QUIET must be seconds between 0.1 and 5, got 'x'"),
        ("OZEN_LEAD_IN", "6", "OZEN_LEAD_IN צריך להיות שניות בין 0.1 ל־5, קיבל '6'",
         "OZEN_LEAD_IN must be seconds between 0.1 and 5, got '6'"),
        ("OZEN_TAIL", "-0.2", "OZEN_TAIL צריך להיות שניות בין 0.1 ל־5, קיבל '-0.2'",
         "OZEN_TAIL must be seconds between 0.1 and 5, got '-0.2'"),
        ("OZEN_PASS_GAP", "", "OZEN_PASS_GAP צריך להיות שניות בין 0.1 ל־5, קיבל ''",
         "OZEN_PASS_GAP must be seconds between 0.1 and 5, got ''"),
    ])
    func aBadValueGetsTheMessageItAlwaysGot(_ name: String, _ value: String, _ hebrew: String, _ english: String) throws {
        let knob = try #require(Knob.named(name))
        let error = try #require(throws: KnobError.self) { try OzenEnvironment([name: value]).check(knob) }
        #expect(error.name == name)
        #expect([hebrew, english].contains(error.description), "\(error.description)")
    }

    /// The typed values, and the text knobs' empty value counting as unset.
    @Test func theValuesAreTyped() throws {
        let environment = OzenEnvironment([
            "OZEN_THREADS": "3", "OZEN_LIVE_THREADS": "1", "OZEN_AUDIO_CONTEXT_MARGIN": "0", "OZEN_FINAL_MARGIN": "200",
            "OZEN_FINAL_BEAM": "3", "OZEN_VAD_THRESHOLD": "0.4", "OZEN_PAUSE": "0.4", "OZEN_LINE_PAUSE": "1",
            "OZEN_FINAL_AFTER_QUIET": "0.25", "OZEN_LEAD_IN": "0.2", "OZEN_TAIL": "0.3", "OZEN_PASS_GAP": "0.5",
            "OZEN_PASS_COST_FACTOR": "0", "OZEN_LIVE_PASSES_HOLD": "1", "OZEN_AUDIO_DEBUG": "",
            "OZEN_WEB": "/web", "OZEN_CATALOGUE": "", "OZEN_API_KEY": "k", "OZEN_SECOND_PASS_TOKEN": "",
            "PATH": "/bin",
        ])
        #expect(try environment.threads == 3 && environment.liveThreads == 1 && environment.audioContextMargin == 0)
        #expect(try environment.finalMargin == 200 && environment.finalBeam == 3 && environment.voiceThreshold == Float(0.4))
        #expect(try environment.pause == 0.4 && environment.linePause == 1 && environment.finalAfterQuiet == 0.25)
        #expect(try environment.leadIn == 0.2 && environment.tail == 0.3 && environment.passGap == 0.5)
        #expect(try environment.passCostFactor == 0)
        #expect(environment.livePassesHold && environment.showsAudioMessages)
        #expect(environment.webFolder == "/web" && environment.cataloguePath == nil)
        #expect(environment.apiKey == "k" && environment.secondPassToken == nil)
        #expect(environment.values["PATH"] == nil, "only the knobs are kept")

        let unset = OzenEnvironment(["OZEN_LIVE_PASSES_HOLD": "yes"])
        #expect(try unset.threads == nil && unset.pause == nil && unset.voiceThreshold == nil)
        #expect(!unset.livePassesHold && !unset.showsAudioMessages && unset.apiKey == nil)
    }
}

extension Knob: CustomTestStringConvertible {
    public var testDescription: String { name }
}

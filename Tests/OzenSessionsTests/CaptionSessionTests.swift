import Foundation
import OzenKit
import OzenSessions
import OzenTestSupport
import Testing

/// `CaptionSession` driven in this process, as `ozen caption FILE` drives it: the real models,
/// real recordings, its events collected from the sink it is given. What only the program can
/// show (its exit codes, one-line errors, the JSON on stdout) stays in CaptionCommandTests.
@Suite struct CaptionSessionTests {
    /// The settings `ozen caption FILE --language LANGUAGE --no-save` builds, in a home of the
    /// test's own (the installed models linked in), with its alert words.
    static func settings(language: SpokenLanguage, alerts: [String] = []) throws -> CaptionSettings {
        let environment = OzenEnvironment(ProcessInfo.processInfo.environment.merging(["OZEN_HOME": Fixtures.testHome().path]) { $1 })
        let home = environment.home
        var settings = CaptionSettings(home: home, modelName: ChosenModel.name(in: home),
                                       recognizer: try PipelineSettings.recognizer(environment),
                                       live: try PipelineSettings.captions(language: language, keywords: alerts, environment: environment))
        settings.saves = false
        return settings
    }

    /// Every event the session sent, in order.
    static func events(of path: String, _ settings: CaptionSettings) throws -> [CaptionEvent] {
        let audio = try WAVDecoder().read(path: path)
        let collected = Collected()
        try CaptionSession(settings: settings).run(audio) { collected.append($0) }
        return collected.events
    }

    static func lines(_ events: [CaptionEvent]) -> [CaptionLine] {
        events.compactMap { if case .line(let line, _) = $0 { line } else { nil } }
    }

    /// The same file gives the same lines on every run: without `realtime` the pipeline runs on
    /// the steady clock, whose pass costs do not depend on the machine or its load. The two
    /// sessions run at once, so each is loaded by the other.
    @Test func theSameRecordingGivesTheSameLinesEveryRun() throws {
        let path = Fixtures.path("pyannote/sample.wav")
        let runs = try atOnce(2) { _ in Self.lines(try Self.events(of: path, try Self.settings(language: .english))) }
        let first = runs[0], second = runs[1]
        let text = first.map(\.text).joined(separator: " ")
        #expect(text.lowercased().contains("new jersey"), "\(text)")
        #expect(first.map(\.text) == second.map(\.text))
        #expect(first.map(\.start) == second.map(\.start) && first.map(\.end) == second.map(\.end))
        #expect(first.map(\.speaker) == second.map(\.speaker))
    }

    /// An alert word said in the recording raises one alert, which points at a line that says
    /// it and comes after that line's words settled; a word never said raises none.
    @Test func aKeywordSaidInTheRecordingRaisesAnAlert() throws {
        let events = try Self.events(of: Fixtures.jfk.path, try Self.settings(language: .english, alerts: ["Americans", "pizza"]))
        let alerts = events.compactMap { if case .alert(let alert) = $0 { alert } else { nil } }
        #expect(alerts.map(\.word) == ["Americans"], "\(alerts)")
        guard let alert = alerts.first, let at = events.firstIndex(where: { if case .alert = $0 { true } else { false } }) else { return }
        let said = events[..<at].compactMap { event -> CaptionLine? in
            switch event {
            case .line(let line, _), .partial(let line, _): return line.id == alert.lineID ? line : nil
            default: return nil
            }
        }
        #expect(said.contains { $0.text.contains("Americans") }, "\(said.map(\.text))")
        // The session ends with the state a listener waits for.
        guard case .status(.finished, _) = events.last else {
            Issue.record("the session did not end with its finished status: \(String(describing: events.last))")
            return
        }
    }
}

/// Events gathered from the pipeline's thread, read once the session returned.
final class Collected: @unchecked Sendable {
    private let lock = NSLock()
    private var gathered: [CaptionEvent] = []
    func append(_ event: CaptionEvent) { lock.withLock { gathered.append(event) } }
    var events: [CaptionEvent] { lock.withLock { gathered } }
}

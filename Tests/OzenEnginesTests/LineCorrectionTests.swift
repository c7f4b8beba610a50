import Foundation
import OzenEngines
import OzenKit
import OzenTestSupport
import Testing

/// Locked lines heard again with Whisper's full window (`LineCorrector`), on the real pipeline
/// and real recordings: a corrected line comes nearer what its own stretch decodes to alone,
/// replaces the line it names and no other, and a computer too far behind leaves lines as they
/// locked.
@Suite(.serialized) struct LineCorrectionTests {
    struct Run {
        var events: [CaptionEvent]
        var corrector: LineCorrector
        var lines: [CaptionLine] { events.compactMap { if case .line(let l, _) = $0, !l.text.isEmpty { l } else { nil } } }
        var corrections: [LineCorrection] { events.compactMap { if case .corrected(let c, _) = $0 { c } else { nil } } }
        /// Each line as she reads it in the end: corrected where a correction came.
        var shown: [CaptionLine] {
            let fixed = Dictionary(corrections.map { ($0.line.id, $0.line) }) { $1 }
            return lines.map { fixed[$0.id] ?? $0 }
        }
    }

    /// Every line heard again, however sure its first lock was.
    static var everyLine: CorrectionSettings {
        var settings = CorrectionSettings()
        settings.belowConfidence = nil
        return settings
    }

    static func caption(_ path: String, inline: Bool, settings: CorrectionSettings = Self.everyLine) throws -> Run {
        let clock = SteadyCostClock()
        let live = LiveSettings(language: .english)
        let captioner = LiveCaptioner(classifier: try LiveHarness.classifier(), recognizer: LiveHarness.whisper, settings: live, clock: clock)
        let corrector = LineCorrector(recognizer: LiveHarness.whisper, language: .english, settings: settings, clock: clock, inline: inline)
        let followers: [any CaptionFollower] = [corrector]
        var events: [CaptionEvent] = []
        try RecordingReplay.run(try WAVDecoder().read(path: path), through: captioner, clock: clock, listeners: followers) { event in
            CaptionFollowing.send(event, through: followers) { events.append($0) }
        }
        return Run(events: events, corrector: corrector)
    }

    /// What the same model makes of a line's own stretch with no time pressure: the bench's
    /// "each line alone" decode.
    static func alone(_ line: CaptionLine, in path: String) throws -> String {
        let samples = try WAVDecoder().read(path: path).atSpeechRate().samples
        let rate = Double(MonoAudio.speechRate)
        let from = max(0, Int((line.start - 0.3) * rate)), to = min(samples.count, Int((line.end + 0.3) * rate))
        let options = DecodingOptions(language: .english, beamSize: 5, prompt: nil, allowsFallback: true, audioContextMargin: 0)
        return try LiveHarness.whisper.transcribe(Array(samples[from..<to]), options: options).text
    }

    static let illDisposed = Fixtures.path("librivox/sense_and_sensibility_01_austen_64kb-0880.wav")

    /// LibriVox -0880 locks as "ill-sposed" with the short final window; heard again, the line
    /// says "ill-disposed", as its stretch decoded alone does. Each correction follows its line.
    /// The clip is one line alone, so the correction is the whole decode.
    @Test func aLockedLineBecomesWhatItsOwnStretchSaysDecodedAlone() throws {
        let run = try Self.caption(Self.illDisposed, inline: true)
        let text = run.shown.map(\.text).joined(separator: " ")
        #expect(text.contains("ill-disposed"), "\(text)")
        #expect(!run.lines.isEmpty && run.corrector.corrected + run.corrector.confirmed == run.lines.count)
        for (index, event) in run.events.enumerated() {
            guard case .corrected(let correction, _) = event else { continue }
            let locked = run.events[..<index].compactMap { if case .line(let l, _) = $0, l.id == correction.line.id { l } else { nil } }
            #expect(locked.count == 1 && locked.first?.text == correction.previous, "\(correction)")
            #expect(locked.first.map { ($0.start, $0.end, $0.speaker) } ?? (0, 0, nil) == (correction.line.start, correction.line.end, correction.line.speaker))
            // Nearer what the line's own stretch decodes to alone than the first lock was.
            let offline = try Self.alone(correction.line, in: Self.illDisposed)
            #expect(WordDistance.between(offline, correction.line.text) < WordDistance.between(offline, correction.previous),
                    "\(offline) / \(correction.line.text) / \(correction.previous)")
        }
    }

    /// Heard on the corrector's own thread, the same corrections come back (the end of the
    /// recording waits for them), and each names a line that locked before it.
    @Test func inTheBackgroundTheSameCorrectionsArrive() throws {
        let inline = try Self.caption(Self.illDisposed, inline: true)
        let background = try Self.caption(Self.illDisposed, inline: false)
        #expect(background.shown.map(\.text) == inline.shown.map(\.text))
        #expect(background.corrector.leftAsIs == 0)
        for correction in background.corrections {
            let at = background.events.firstIndex { if case .corrected(let c, _) = $0 { c == correction } else { false } } ?? 0
            #expect(background.events[..<at].contains { if case .line(let l, _) = $0 { l.id == correction.line.id } else { false } })
        }
    }

    /// Heard with the 5 s before it (`CorrectionSettings.context`), a line still takes only its
    /// own words: none of the line before is spliced into it, and it stays near its first lock.
    @Test func aLineHeardWithTheAudioBeforeItKeepsOnlyItsOwnWords() throws {
        var withContext = Self.everyLine
        withContext.context = 5
        let run = try Self.caption(Fixtures.jfk.path, inline: true, settings: withContext)
        #expect(run.lines.count >= 2 && run.corrector.corrected + run.corrector.confirmed == run.lines.count, "\(run.lines)")
        for (index, line) in run.shown.enumerated() where index > 0 {
            let locked = run.lines[index]
            let before = WordDistance.comparableWords(run.lines[index - 1].text).suffix(3)
            let words = WordDistance.comparableWords(line.text)
            #expect(!words.starts(with: before), "\(line.text) begins with the line before's \(before)")
            #expect(WordDistance.between(locked.text, line.text) * 2 <= WordDistance.comparableWords(locked.text).count,
                    "\(locked.text) / \(line.text)")
        }
    }

    /// A line the final pass was sure of keeps its words without a second hearing; with the
    /// bar above any probability every line is heard again.
    @Test func aLineLockedSureIsNotHeardAgain() throws {
        var trusting = Self.everyLine
        trusting.belowConfidence = 0.1
        let run = try Self.caption(Fixtures.jfk.path, inline: true, settings: trusting)
        #expect(run.corrections.isEmpty && run.corrector.trusted == run.lines.count && !run.lines.isEmpty)
        #expect(run.corrector.corrected + run.corrector.confirmed == 0)
    }

    /// A computer far behind leaves a line that waited too long as it locked: no correction,
    /// nothing lost, the count says so.
    @Test func aLineThatWaitedTooLongIsLeftAsItLocked() throws {
        var settings = Self.everyLine
        settings.staleAfter = -1
        let run = try Self.caption(Fixtures.jfk.path, inline: false, settings: settings)
        #expect(run.corrections.isEmpty)
        #expect(!run.lines.isEmpty && run.corrector.leftAsIs == run.lines.count)
        #expect(run.shown.map(\.text).joined(separator: " ").lowercased().contains("what your country can do for you"))
    }
}

@testable import OzenKit
import Testing

/// A line heard again takes the new words only when Whisper was surer of them than of its first
/// lock (`CorrectionSettings.onlyWhenSurer`). A real Whisper cannot be made less sure on demand,
/// so the second hearing here is a recognizer that answers with set words and sureness.
@Suite struct CorrectionSurenessTests {
    struct Hearing: SpeechRecognizer {
        let text: String
        let confidence: Double
        func transcribe(_ samples: [Float], options: DecodingOptions) throws -> Transcript {
            Transcript(text: text, confidence: confidence, language: options.language.rawValue)
        }
        func tokenCount(_ text: String) -> Int { text.split(separator: " ").count }
    }

    /// A line like the held-out table's second, which was heard again less surely as "speakers"
    /// for "speech errors", without its capitals and stops.
    let line = CaptionLine(id: 2, text: "We're just, you know, there's some speech arrows but cares.", start: 4.3, end: 17.3,
                           final: true, confidence: 0.8, uncertain: false, language: "en")

    func outcome(heard: String, confidence: Double, settings: CorrectionSettings = .default) -> LineCorrector.Outcome {
        LineCorrector.correct(line, audio: [Float](repeating: 0, count: 16_000), recognizer: Hearing(text: heard, confidence: confidence),
                              language: .english, uncertainBelow: 0.5, settings: settings, background: false)
    }

    @Test func aLessSureHearingLeavesTheLineAsItLocked() {
        let heard = "we're just you know there's some speakers but cares"
        guard case .unsure(let id) = outcome(heard: heard, confidence: 0.7) else { Issue.record("a less sure hearing replaced the line"); return }
        #expect(id == 2)
        // OZEN_CORRECT_ANY=1: the baseline, where any different hearing replaces it.
        var any = CorrectionSettings.default
        any.onlyWhenSurer = false
        guard case .corrected(let correction) = outcome(heard: heard, confidence: 0.7, settings: any) else {
            Issue.record("with onlyWhenSurer off the hearing should replace the line"); return
        }
        #expect(correction.line.text == heard)
    }

    @Test func aSurerHearingReplacesTheWords() {
        guard case .corrected(let correction) = outcome(heard: "We're just, you know, there's some speech errors but cares.", confidence: 0.9) else {
            Issue.record("a surer hearing did not replace the line"); return
        }
        #expect(correction.line.text == "We're just, you know, there's some speech errors but cares.")
        #expect(correction.previous == line.text)
    }
}

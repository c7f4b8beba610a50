import Foundation
import OzenEngines
import OzenKit
import OzenTestSupport
import Testing

/// The interpreter on real French and Italian speech (Asterisk's recorded prompts, no Swedish
/// recording exists here), through the real live pipeline and Whisper base's translate task,
/// judged against the English prompts of the same name.
@Suite(.serialized) struct InterpreterTests {
    struct Run {
        var events: [CaptionEvent]
        var interpreter: Interpreter
        var translations: [SentenceTranslation] {
            events.compactMap { if case .translation(let t, _) = $0 { return t } else { return nil } }
        }
    }

    static func interpret(_ language: String, reviewer: (any SentenceReviewer)? = nil) throws -> (Run, ReferenceTranslations) {
        let path = Fixtures.path("interpreter/\(language)/conversation.wav")
        let references = try ReferenceTranslations.beside(path)
        let source = SpokenLanguage(rawValue: language)!
        var settings = LiveSettings(language: source)
        settings.linePause = settings.cutter.pauseToClose   // as `ozen interpret` runs it
        let clock = SteadyCostClock()
        let captioner = LiveCaptioner(classifier: try LiveHarness.classifier(), recognizer: LiveHarness.whisper,
                                      settings: settings, clock: clock)
        let interpreter = Interpreter(translator: WhisperTranslator(recognizer: LiveHarness.whisper), reviewer: reviewer,
                                      settings: InterpreterSettings(language: source), clock: clock, reviewsInline: true)
        var events: [CaptionEvent] = []
        try RecordingReplay.run(try WAVDecoder().read(path: path), through: captioner, clock: clock, listeners: [interpreter]) { event in
            interpreter.pass(event) { events.append($0) }
        }
        return (Run(events: events, interpreter: interpreter), references)
    }

    /// The English of each reference sentence: the translations whose times overlap it.
    static func english(of run: Run, for references: ReferenceTranslations) -> [String] {
        references.sentences.map { sentence in
            run.translations.filter { min($0.end, sentence.end) - max($0.start, sentence.start) > 0.2 }.map(\.english).joined(separator: " ")
        }
    }

    /// Each reference sentence's audio (±0.15 s) translated alone by the same translator.
    static func offlineEnglish(_ language: String, _ references: ReferenceTranslations) throws -> [String] {
        let samples = try WAVDecoder().read(path: Fixtures.path("interpreter/\(language)/conversation.wav")).atSpeechRate().samples
        let rate = Double(MonoAudio.speechRate)
        let translator = WhisperTranslator(recognizer: LiveHarness.whisper)
        return try references.sentences.map { sentence in
            let from = max(0, Int((sentence.start - 0.15) * rate)), to = min(samples.count, Int((sentence.end + 0.15) * rate))
            return try translator.translate(SentenceToTranslate(audio: Array(samples[from..<to]), source: sentence.source,
                                                                language: SpokenLanguage(rawValue: language)!))
        }
    }

    @Test(arguments: ["fr", "it"]) func everySentenceIsShownInEnglishRightAfterItsLine(language: String) throws {
        let (run, references) = try Self.interpret(language)
        let english = Self.english(of: run, for: references)
        // Every reference sentence gets English, and each line its own. How many lines the
        // sentences lock as is not asked to the line: on 2026-12-07 CI failed this test where
        // this machine passed it on every run, alone, loaded and in its lane, with the same lines
        // each time. The likeliest difference is the processor (onnxruntime picks the voice
        // activity's kernels by the CPU it finds, and the cuts follow its probabilities).
        #expect(english.allSatisfy { !$0.isEmpty }, "\(english)")
        #expect(abs(run.translations.count - references.sentences.count) <= 2,
                "\(run.translations.count) lines for \(references.sentences.count) sentences: \(run.translations.map(\.english))")
        // Each translation follows the line it translates, and keeps that line's id and words.
        for (index, event) in run.events.enumerated() {
            guard case .translation(let t, _) = event else { continue }
            let line = run.events[..<index].last { if case .line = $0 { return true } else { return false } }
            guard case .line(let l, _)? = line else { Issue.record("no line before translation \(t.id)"); continue }
            #expect(l.id == t.id && l.text == t.source && t.language == language && t.translator == "whisper")
        }
        let chrF = TranslationScores.chrF(hypotheses: english, references: references.sentences.map(\.english))
        // Judged against the same model translating each sentence alone with no time pressure, in
        // the same run, so the bar moves with the model rather than with one lucky decode. Measured
        // here (2026-12-01): French 51.3 live / 43.9 offline, Italian 46.5 / 44.1.
        let offline = try Self.offlineEnglish(language, references)
        let offlineChrF = TranslationScores.chrF(hypotheses: offline, references: references.sentences.map(\.english))
        #expect(chrF >= offlineChrF - 6, "live chrF \(chrF): \(english)\noffline chrF \(offlineChrF): \(offline)")
        let patience = references.sentences.firstIndex { $0.name == "queue-thankyou" }!
        #expect(english[patience].lowercased().contains("patience"), "\(english[patience])")
    }

    /// With no second computer, this one hears each sentence again with the full window
    /// (`FullWindowReviewer`): every sentence is checked or revised in place, right after its
    /// English, and the English she ends up reading is at least as good as the same model
    /// translating each reference sentence alone (within the spread of one decode).
    @Test func eachSentenceIsHeardAgainWithTheFullWindowAndReplacedInPlace() throws {
        let (run, references) = try Self.interpret("it", reviewer: FullWindowReviewer(recognizer: LiveHarness.whisper, inBackground: false))
        let reviews = run.events.compactMap { if case .reviewed(let r, _) = $0 { r } else { nil } }
        #expect(reviews.map(\.id) == run.translations.map(\.id), "\(reviews)")
        #expect(run.interpreter.revised + run.interpreter.checked == run.translations.count)
        var shown = Dictionary(run.translations.map { ($0.id, $0) }) { $1 }
        for review in reviews where review.changed {
            shown[review.id]?.english = review.english
            shown[review.id]?.source = review.source
        }
        let revisedRun = Run(events: run.translations.compactMap { shown[$0.id] }.map { .translation($0, at: 0) }, interpreter: run.interpreter)
        let english = Self.english(of: revisedRun, for: references)
        let chrF = TranslationScores.chrF(hypotheses: english, references: references.sentences.map(\.english))
        let offline = try Self.offlineEnglish("it", references)
        let offlineChrF = TranslationScores.chrF(hypotheses: offline, references: references.sentences.map(\.english))
        #expect(chrF >= offlineChrF - 6, "revised chrF \(chrF): \(english)\noffline chrF \(offlineChrF): \(offline)")
    }

    @Test func shortSentencesAreReadWithTheSentencesBeforeThemAndLongOnesAlone() throws {
        let (run, _) = try Self.interpret("fr")
        let translations = run.translations
        for (index, t) in translations.enumerated() {
            let words = t.source.split(separator: " ").count
            #expect(t.usedContext == (words <= 3 && index > 0), "\(t.source)")
        }
        #expect(translations.contains { $0.usedContext })
        #expect(run.interpreter.fallbacks == 0)
    }
}

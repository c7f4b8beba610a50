import Foundation
import OzenKit
import Testing

/// No loop on screen anywhere: one rule for captions, translations, dictation, cloud and
/// second-pass answers, and what people really say stays as it was said.
@Suite struct LoopGuardTests {
    /// The interpreter's English for a one-word Russian prompt ("millionth"), as reported; the
    /// Russian in the tests below stands in for that prompt.
    static let millionth = "1.5.1.1.1.1.1.1.1.1.1.1.1.1."

    @Test func aLoopInsideOneWordIsCutToOneCopy() {
        #expect(CharacterLoop.isPresent(in: Self.millionth))
        #expect(CharacterLoop.collapsed(Self.millionth) == "1.5.1.")
        #expect(LoopGuard.cleaned(Self.millionth) == "1.5.1.")
        #expect(LoopGuard.cleaned("He said hahahahahahahahahahaha and left.") == "He said ha and left.")
        // A cut-off last copy goes with the loop; the sentence's end mark stays.
        #expect(CharacterLoop.collapsed("Hahahahahahahahahah!") == "Ha!")
    }

    /// Base's answer to eSpeak's Hebrew "שלום סבתא, התור לרופא מחר בשבע וחצי" (`ShortLoop`).
    @Test func wordLoopsAreCutAsTheCaptionsCutThem() {
        #expect(LoopGuard.cleaned("שלום, שאלום, שאלום, שאלום, שאלום, שאל") == "שלום, שאלום,")
        #expect(LoopGuard.cleaned("Seven of clubs, five, five, 7 of hearts 8 of clubs 8 of clubs 8 of")
                == "Seven of clubs, five, five, 7 of hearts 8 of clubs")
        let sentence = "\"Unless to be rather cold-hearted and rather selfish is to be ill-disposed,\""
        #expect(LoopGuard.cleaned(Array(repeating: sentence, count: 4).joined(separator: " ")) == sentence)
    }

    @Test(arguments: [
        "No, no, no, that is not what I meant.",
        "Thank you, thank you.",
        "Bye bye bye.",
        "It costs 1.5 million.",
        "Hahaha, that is funny.",
        "Hahahaha!",
        "Noooooo!",
        "The population is 1,000,000 people.",
        "A quadrillion is 1000000000000000.",
        "Call 052-555-5555 or 555-5555.",
        "Go to www.ozen.example.",
        "Version 1.1.1.1 is out.",
        "שלום שלום, מה שלומך?",
        "חחחח איזה יופי",
        "הלכנו לסבתא, והיא אמרה: ״לא, לא, לא״.",
    ])
    func realSpeechStays(_ said: String) {
        #expect(!LoopGuard.isPresent(in: said))
        #expect(LoopGuard.cleaned(said) == said)
    }

    /// A polished list keeps its lines: only a line with a loop is rewritten.
    @Test func linesAreGuardedOneByOne() {
        let list = "- Milk\n- Eggs  and bread\n- Tea tea tea tea tea tea"
        #expect(LoopGuard.cleaned(list) == "- Milk\n- Eggs  and bread\n- tea")
    }

    /// A dictated letter may close with the words it opened with; a loop cut short does not
    /// end a sentence there (`RepetitionTrimmer.restartedTail`).
    @Test func aTextThatEndsASentenceWithItsFirstWordsKeepsThem() {
        let letter = "Thank you very much for the flowers, they arrived today. Thank you very much."
        #expect(LoopGuard.cleaned(letter) == letter)
        #expect(DictationText.stitched(["Thank you very much for the flowers,", "they arrived today.", "Thank you very much."]) == letter)
    }

    // MARK: - The paths that are not captions

    /// A recognizer that answers with what it was given: Whisper's translate task as the
    /// interpreter reported it.
    struct Answering: SpeechRecognizer {
        let text: String
        func transcribe(_ samples: [Float], options: DecodingOptions) throws -> Transcript {
            Transcript(text: text, confidence: 0.5, language: options.language.rawValue)
        }
        func tokenCount(_ text: String) -> Int { text.split(separator: " ").count }
    }

    /// A translator that answers with what it was given: an LLM that looped.
    struct Fixed: SentenceTranslator {
        let name = "llm"
        let english: String
        func translate(_ sentence: SentenceToTranslate) throws -> String { english }
    }

    @Test func whispersTranslationPassesTheRule() throws {
        let russian = try #require(SpokenLanguage(rawValue: "ru"))
        let translator = WhisperTranslator(recognizer: Answering(text: " " + Self.millionth))
        let english = try translator.translate(SentenceToTranslate(audio: [Float](repeating: 0, count: 16_000),
                                                                   source: "Миллионный.", language: russian))
        #expect(english == "1.5.1.")
    }

    /// Whichever translator wrote the English, the `translation` event shows no loop.
    @Test func everyTranslatorsEnglishPassesTheRule() throws {
        let russian = try #require(SpokenLanguage(rawValue: "ru"))
        let interpreter = Interpreter(translator: Fixed(english: "Millionth, millionth, millionth, millionth, millionth"),
                                      settings: InterpreterSettings(language: russian), clock: SteadyCostClock())
        var shown: [SentenceTranslation] = []
        let line = CaptionLine(id: 1, text: "Миллионный.", start: 0, end: 1.2, final: true, confidence: 0.8,
                               uncertain: false, language: "ru")
        interpreter.pass(.line(line, at: 1.2)) { if case .translation(let t, _) = $0 { shown.append(t) } }
        #expect(shown.map(\.english) == ["millionth"])
        #expect(shown.first?.translator == "llm")
    }

    /// A second pass that heard something else and looped in its English.
    struct LoopingReviewer: SentenceReviewer {
        let name = "second pass"
        func hear(audio: [Float], language: SpokenLanguage) throws -> String { "Миллионный, миллионный, миллионный, миллионный, миллионный." }
        func translate(audio: [Float], language: SpokenLanguage, previousEnglish: String?) throws -> String? { LoopGuardTests.millionth }
    }

    @Test func theSecondPassesAnswerPassesTheRule() throws {
        let russian = try #require(SpokenLanguage(rawValue: "ru"))
        let interpreter = Interpreter(translator: Fixed(english: "Millionth."), reviewer: LoopingReviewer(),
                                      settings: InterpreterSettings(language: russian), clock: SteadyCostClock())
        var revisions: [SentenceRevision] = []
        let keep = { (event: CaptionEvent) in if case .reviewed(let r, _) = event { revisions.append(r) } }
        // A second of audio, so the sentence has some to send.
        try interpreter.hear([Float](repeating: 0, count: 32_000), start: 0, emit: keep)
        interpreter.pass(.line(CaptionLine(id: 1, text: "Миллион.", start: 0.2, end: 1.2, final: true, confidence: 0.8,
                                           uncertain: false, language: "ru"), at: 1.2), emit: keep)
        try interpreter.finish(emit: keep)
        #expect(revisions.map(\.source) == ["миллионный."])
        #expect(revisions.map(\.english) == ["1.5.1."])
    }

    @Test func anLLMsPolishPassesTheRule() {
        #expect(PolishPrompt.text(fromAnswer: "<dictation>\nSee you at 1.5.1.1.1.1.1.1.1.1.1.1.1.1.\n</dictation>") == "See you at 1.5.1.")
    }
}

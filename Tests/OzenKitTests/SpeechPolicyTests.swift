import Foundation
import OzenKit
import Testing

/// What `ozen say` decides without a voice engine: which voice says a sentence, how pointed
/// Hebrew is put in the order eSpeak reads, and her phrase list and last sentence on disk.
@Suite struct SpeechPolicyTests {
    func temporaryHome() -> OzenHome {
        OzenHome(path: FileManager.default.temporaryDirectory.appendingPathComponent("ozen-say-\(UUID())").path)
    }

    func rights(_ path: String) throws -> Int? {
        (try FileManager.default.attributesOfItem(atPath: path)[.posixPermissions] as? NSNumber)?.intValue
    }

    @Test func theVoiceFollowsTheLettersUnlessALanguageIsAsked() {
        #expect(SpeechVoice.choose(for: "רגע, לא הבנתי") == .hebrew)
        #expect(SpeechVoice.choose(for: "Could you say that again?") == .english)
        // A Latin name inside a Hebrew sentence: eSpeak's Hebrew voice switches to English for it.
        #expect(SpeechVoice.choose(for: "תגיד ל-David שאני בדרך") == .hebrew)
        // Swedish shares the alphabet with English: only when asked.
        #expect(SpeechVoice.choose(for: "Kan du säga det igen?") == .english)
        #expect(SpeechVoice.choose(for: "Kan du säga det igen?", asked: .swedish) == .swedish)
        #expect(SpeechVoice.choose(for: "Hello", asked: .hebrew) == .hebrew)
        #expect(SpeechVoice.choose(for: "שלום", asked: .auto) == .hebrew)
        #expect(SpeechVoice.choose(for: "123") == .english)
        #expect(SpeechVoice.choose(for: "שלום").spokenLanguage == .hebrew)
    }

    @Test func eachLettersDageshAndShinDotComeBeforeItsVowel() {
        // תִּ in Unicode order (hiriq, then dagesh) becomes dagesh, then hiriq.
        let canonical = "\u{05EA}\u{05B4}\u{05BC}"
        #expect(HebrewSpeechSpelling.prepared(canonical).unicodeScalars.map(\.value) == [0x05EA, 0x05BC, 0x05B4])
        // מִּ: a doubling dagesh, which eSpeak cannot read and modern Hebrew does not say, goes.
        #expect(HebrewSpeechSpelling.prepared("\u{05DE}\u{05B4}\u{05BC}").unicodeScalars.map(\.value) == [0x05DE, 0x05B4])
        // שָׁ: kamatz, shin dot → shin dot, kamatz.
        #expect(HebrewSpeechSpelling.prepared("\u{05E9}\u{05B8}\u{05C1}").unicodeScalars.map(\.value) == [0x05E9, 0x05C1, 0x05B8])
    }

    @Test func marksEspeakCannotReadBecomeOnesItCan() {
        // לֹא: holam on a consonant → qamats qatan (both "o"); holam male (וֹ) stays.
        #expect(HebrewSpeechSpelling.prepared("\u{05DC}\u{05B9}\u{05D0}").unicodeScalars.map(\.value) == [0x05DC, 0x05C7, 0x05D0])
        #expect(HebrewSpeechSpelling.prepared("\u{05D5}\u{05B9}").unicodeScalars.map(\.value) == [0x05D5, 0x05B9])
        // אֱמֶת: hataf segol → segol.
        #expect(HebrewSpeechSpelling.prepared("\u{05D0}\u{05B1}\u{05DE}\u{05B6}\u{05EA}").unicodeScalars.map(\.value)
                == [0x05D0, 0x05B6, 0x05DE, 0x05B6, 0x05EA])
        // Cantillation (etnahta 0591) and meteg (05BD) have no sound and are dropped.
        #expect(HebrewSpeechSpelling.prepared("\u{05D1}\u{05B8}\u{05BD}\u{0591}").unicodeScalars.map(\.value) == [0x05D1, 0x05B8])
    }

    @Test func unpointedTextLatinAndPunctuationPassUnchanged() {
        for text in ["רגע, לא הבנתי", "אפשר לחזור על זה?", "Call David at 5 — ok?", "שלום (David)"] {
            #expect(HebrewSpeechSpelling.prepared(text) == text)
        }
        // Maqaf and sof pasuq are punctuation, not points.
        #expect(HebrewSpeechSpelling.prepared("בית\u{05BE}ספר\u{05C3}") == "בית\u{05BE}ספר\u{05C3}")
    }

    @Test func theBuiltInPhrasesAreHebrewFirstWithTheirEnglishEquivalents() throws {
        let phrases = ReadyPhrases()
        #expect(phrases.phrases.map(\.text) == ["רגע, לא הבנתי", "אפשר לחזור על זה?", "דברו קרוב יותר למיקרופון",
                                                "Sorry, I didn't understand.", "Could you say that again?",
                                                "Please speak closer to the microphone."])
        // The Hebrew ones are said from their pointed form; its letters are the shown text's.
        for phrase in phrases.phrases.prefix(3) {
            let spoken = try #require(phrase.spoken)
            #expect(HebrewSpelling.fold(spoken) == HebrewSpelling.fold(phrase.text))
        }
        #expect(try phrases.phrase(number: 3).text == "דברו קרוב יותר למיקרופון")
        #expect(throws: SpeechStoreError.noSuchPhrase(number: 7, count: 6)) { try phrases.phrase(number: 7) }
        #expect(throws: SpeechStoreError.noSuchPhrase(number: 0, count: 6)) { try phrases.phrase(number: 0) }
        #expect(phrases.spokenForm(of: "רגע, לא הבנתי") == phrases.phrases[0].spoken)
        #expect(phrases.spokenForm(of: "Something else") == "Something else")
    }

    @Test func aSavedPhraseIsKeptForHerAloneAndNotTwice() throws {
        let home = temporaryHome()
        defer { try? FileManager.default.removeItem(atPath: home.path) }
        let path = ReadyPhrases.path(in: home)
        var phrases = try ReadyPhrases.load(from: path)
        #expect(phrases == ReadyPhrases())
        #expect(try phrases.add("  The taxi is here.  ") == 7)
        #expect(try phrases.add("the taxi is here.") == 7)
        #expect(try phrases.add("רגע, לא הבנתי") == 1)
        #expect(throws: SpeechStoreError.emptySentence) { try phrases.add("   ") }
        try phrases.save(to: path)
        #expect(try rights(path) == 0o600)
        #expect(!FileManager.default.fileExists(atPath: path + ".tmp"))
        let again = try ReadyPhrases.load(from: path)
        #expect(again == phrases)
        #expect(again.phrases.last == ReadyPhrase(text: "The taxi is here."))

        try Data("[not a list".utf8).write(to: URL(fileURLWithPath: path))
        #expect(throws: SpeechStoreError.unreadable(path: path)) { try ReadyPhrases.load(from: path) }
    }

    @Test func theLastSentenceIsKeptForHerAlone() throws {
        let home = temporaryHome()
        defer { try? FileManager.default.removeItem(atPath: home.path) }
        #expect(LastSaid.load(in: home) == nil)
        try LastSaid.keep("אפשר לחזור על זה?\n", in: home)
        #expect(LastSaid.load(in: home) == "אפשר לחזור על זה?")
        #expect(try rights(LastSaid.path(in: home)) == 0o600)
        try LastSaid.keep("Thank you", in: home)
        #expect(LastSaid.load(in: home) == "Thank you")
        #expect(throws: SpeechStoreError.emptySentence) { try LastSaid.keep("  ", in: home) }
        #expect(LastSaid.load(in: home) == "Thank you")
    }
}

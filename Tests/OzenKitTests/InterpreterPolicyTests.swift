import Foundation
import OzenKit
import OzenTestSupport
import Testing

/// The interpreter's rules and the OpenAI wire formats, without a network or a model.
@Suite struct InterpreterPolicyTests {
    /// A chat stream as real servers send it, cut at every possible byte: the same text each time.
    @Test func aStreamReadsTheSameHoweverItIsCut() {
        let stream = ": keep-alive\r\n\r\n"
            + "data: {\"choices\":[{\"delta\":{\"role\":\"assistant\"}}]}\r\n\r\n"
            + ": OPENROUTER PROCESSING\n\n"
            + "event: message\ndata: {\"choices\":[{\"delta\":{\"content\":\"Thank \"}}]}\n\n"
            + "data: {\"choices\":[{\"delta\":{\"content\":\"you.\"}}]}\n\n"
            + "data: [DONE]\n\n"
        let bytes = Array(stream.utf8)
        for cut in 0...bytes.count {
            var events = ServerSentEvents()
            let payloads = events.feed(Array(bytes[..<cut])) + events.feed(Array(bytes[cut...])) + events.finish()
            #expect(payloads.count == 3, "cut at \(cut)")
            #expect(payloads.last?.contains("you.") == true)
            #expect(events.done, "cut at \(cut)")
        }
    }

    @Test func anEventOfSeveralDataLinesIsJoined() {
        var events = ServerSentEvents()
        #expect(events.feed(Array("data: one\ndata: two\n\n".utf8)) == ["one\ntwo"])
        #expect(events.feed(Array("data: no blank line at the end".utf8)).isEmpty)
        #expect(events.finish() == ["no blank line at the end"])
    }

    @Test func anUploadComesBackAsItWasSent() throws {
        let wav: [UInt8] = [0x52, 0x49, 0x46, 0x46, 13, 10, 0, 255, 0x2D, 0x2D]   // CRLF and "--" inside the file
        let form = MultipartForm(parts: [
            .init(name: "file", filename: "a.wav", contentType: "audio/wav", body: wav),
            .init(name: "language", body: Array("fr".utf8)),
            .init(name: "prompt", body: Array("Merci, תודה".utf8)),
        ])
        let boundary = "ozen-test-boundary"
        let read = try MultipartForm.parse(form.encoded(boundary: boundary), boundary: boundary)
        #expect(read == form)
        #expect(read.field("prompt") == "Merci, תודה")
        #expect(MultipartForm.boundary(contentType: "multipart/form-data; boundary=\"\(boundary)\"") == boundary)
        #expect(MultipartForm.boundary(contentType: "application/json") == nil)
    }

    @Test func anUploadCutShortIsRefused() {
        let body = MultipartForm(parts: [.init(name: "file", body: Array(repeating: 7, count: 100))]).encoded(boundary: "b")
        #expect(throws: MultipartForm.Malformed.self) { try MultipartForm.parse(Array(body.prefix(80)), boundary: "b") }
        #expect(throws: MultipartForm.Malformed.self) { try MultipartForm.parse(Array("no parts".utf8), boundary: "b") }
    }

    @Test func scoresAreAHundredForTheReferenceAndNothingForNonsense() {
        let references = ["Thank you for your patience", "Please check the number and dial again."]
        #expect(abs(TranslationScores.chrF(hypotheses: references, references: references) - 100) < 1e-9)
        #expect(abs(TranslationScores.bleu(hypotheses: references, references: references) - 100) < 1e-9)
        #expect(TranslationScores.chrF(hypotheses: ["zzz qqq", "xxx"], references: references) < 5)
        #expect(TranslationScores.bleu(hypotheses: ["zzz qqq", "xxx"], references: references) == 0)
        // Closer English scores higher: the order the bench ranks translators by.
        let near = TranslationScores.chrF(hypotheses: ["Thank you for the patience", "Check the number and dial again."], references: references)
        let far = TranslationScores.chrF(hypotheses: ["Grace for patience", "To be able to control the number."], references: references)
        #expect(near > far)
    }

    @Test func theLLMsEnglishIsReadWithoutItsLabelsAndQuotes() {
        #expect(TranslationPrompt.english(fromAnswer: "Translation: \"Thank you, thank you.\"\n\n(Swedish: Tack, tack.)") == "Thank you, thank you.")
        #expect(TranslationPrompt.english(fromAnswer: "  Goodbye  ") == "Goodbye")
        #expect(TranslationPrompt.english(fromAnswer: "\n\n").isEmpty)
    }

    @Test func contextIsMarkedNotToBeTranslated() {
        let earlier = SentenceTranslation(id: 1, start: 0, end: 2, source: "Kan du hjälpa mig?", language: "sv",
                                          english: "Can you help me?", translator: "whisper", usedContext: false)
        let messages = TranslationPrompt.messages(for: SentenceToTranslate(audio: [], source: "Tack, tack.", language: .swedish, context: [earlier]))
        #expect(messages.first?.role == "system")
        #expect(messages.first?.content.contains("Swedish") == true)
        let user = messages.last?.content ?? ""
        #expect(user.contains("do not translate"))
        #expect(user.contains("Kan du hjälpa mig? = Can you help me?"))
        #expect(user.hasSuffix("Tack, tack."))
    }

    @Test func anyWhisperLanguageIsASourceButNotAnInventedOne() {
        #expect(SpokenLanguage(rawValue: "fr")?.whisperCode == "fr")
        #expect(SpokenLanguage(rawValue: "IT") == SpokenLanguage(rawValue: "it"))
        #expect(SpokenLanguage(rawValue: "xx") == nil)
        #expect(SpokenLanguage(rawValue: "auto")?.whisperCode == nil)
    }

    @Test func aProvidersPathsHangOffItsBaseURLAndItsKeyIsNeverShownWhole() {
        #expect(ProviderSettings(baseURL: "http://127.0.0.1:8765", model: "").url("/audio/transcriptions")
                == "http://127.0.0.1:8765/v1/audio/transcriptions")
        #expect(ProviderSettings(baseURL: "https://api.deepseek.com/v1/", model: "m").url("/chat/completions")
                == "https://api.deepseek.com/v1/chat/completions")
        #expect(ProviderSettings(baseURL: "https://openrouter.ai/api/v1", model: "m").url("/chat/completions")
                == "https://openrouter.ai/api/v1/chat/completions")
        let key = "sk-proj-abcdefghijklmnop1234"
        let masked = ProviderSettings(baseURL: "x", model: "m", apiKey: key).maskedKey
        #expect(!masked.contains("abcdefghijklmnop"))
        #expect(masked.hasPrefix("sk-p") && masked.hasSuffix("1234"))
    }

    @Test func theReferenceTablesHoldEverySentenceWithItsEnglish() throws {
        for language in ["fr", "it"] {
            let table = try ReferenceTranslations.read(path: Fixtures.path("interpreter/\(language)/conversation.tsv"))
            #expect(table.sentences.count == 13)
            #expect(table.sentences.allSatisfy { !$0.source.isEmpty && !$0.english.isEmpty && $0.end > $0.start })
            #expect(table.sentences.filter { $0.words <= 3 }.count >= 4)
            #expect(zip(table.sentences, table.sentences.dropFirst()).allSatisfy { $0.end < $1.start })
        }
    }
}

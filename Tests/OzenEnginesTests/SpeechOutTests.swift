import Foundation
import OzenEngines
import OzenKit
import OzenTestSupport
import Testing

/// `ozen say`'s voices, heard the way the captions hear speech: the Piper English voice read
/// back by Whisper base, eSpeak NG's Hebrew as real, non-silent
/// speech, and a damaged or missing voice refused with a clear error before sherpa-onnx sees it.
@Suite(.serialized) struct SpeechOutTests {
    static let english = [
        "Sorry, I didn't understand.", "Could you say that again?", "Please speak closer to the microphone.",
        "I would like a cup of coffee with milk.", "My daughter is coming to visit this weekend.",
    ]

    /// RMS of `samples` (full scale 1).
    static func rms(_ samples: [Float]) -> Double {
        samples.isEmpty ? 0 : (samples.reduce(0) { $0 + Double($1) * Double($1) } / Double(samples.count)).squareRoot()
    }

    /// Each sentence is decoded once by Whisper base (the recognizer the captions use, with a
    /// final pass's encoder margin and loop cutting), so
    /// the figure is the voice's intelligibility alone. Through the whole live pipeline, one CI
    /// run under load heard the first sentence twice over ("I didn't understand. I didn't
    /// understand. Sorry, …"), which measured the pipeline's cutting instead of the voice.
    @Test func pipersEnglishIsReadBackNearlyWordForWord() throws {
        let speech = SpeechOut(home: Fixtures.home)
        var heard: [String] = []
        for sentence in Self.english {
            let said = try speech.speak(text: sentence)
            #expect(said.sampleRate == 22_050)
            let transcript = try LiveHarness.whisper.transcribe(said.atSpeechRate().samples,
                                                                options: DecodingOptions(language: .english, beamSize: 5, allowsFallback: false,
                                                                                         audioContextMargin: LiveSettings.default.finalAudioContextMargin))
            // Whisper base loops on some renderings of a short sentence ("Could you say that
            // again?" four times over, about one run in four on an EPYC); that loop is the
            // recognizer's, and every caption has it cut (`LoopGuard`).
            heard.append(LoopGuard.cleanedLine(transcript.text))
        }
        let text = heard.joined(separator: " ")
        let count = WordErrorRate.count(reference: Self.english.joined(separator: " "), hypothesis: text)
        print("Piper read back: WER \(count.errors)/\(count.referenceWords): \(text)")
        #expect(count.referenceWords == 32)
        // Piper samples its noise afresh each time: 0–2 errors in 32 words in the runs so far.
        #expect(count.rate <= 0.15, "heard: \(text)")
    }

    @Test func hebrewIsRealSpeechOfAPlausibleLength() throws {
        let speech = SpeechOut(home: Fixtures.home)
        for phrase in ReadyPhrases.builtIn.prefix(3) {
            for text in [phrase.text, phrase.toSay] {
                let audio = try speech.speak(text: text)
                let words = text.split(separator: " ").count
                // eSpeak's 175 words a minute, plus its end-of-sentence pause.
                #expect(audio.duration > 0.2 * Double(words) && audio.duration < 0.4 * Double(words) + 1.5, "\(text): \(audio.duration) s")
                // Measured 0.020–0.03 (eSpeak's level); silence is 0.
                #expect(Self.rms(audio.samples) > 0.01, "\(text) is near silent")
                #expect(audio.samples.allSatisfy { $0.isFinite && abs($0) <= 1 })
            }
        }
    }

    @Test func pointsInCanonicalOrderAreSaidNotSpelledOut() throws {
        let espeak = try EspeakEngine.shared.get()
        // "I did not understand", pointed, with each vowel before its letter's dagesh (Unicode order).
        let pointed = "הֵבַנְתִּי".precomposedStringWithCanonicalMapping
        let raw = try espeak.phonemes(pointed, voice: "he").joined()
        let prepared = try espeak.phonemes(HebrewSpeechSpelling.prepared(pointed), voice: "he").joined()
        #expect(raw.contains("(en)"), "eSpeak 1.51 names the marks it cannot place: \(raw)")
        #expect(!prepared.contains("(en)") && prepared.contains("t"), "\(prepared)")
    }

    @Test func englishPhonemesKeepTheClausePunctuation() throws {
        let espeak = try EspeakEngine.shared.get()
        let sentences = try espeak.phonemes("Hello, can you hear me? Yes.", voice: "en-us")
        #expect(sentences.count == 2, "\(sentences)")
        #expect(sentences.first?.contains(",") == true && sentences.first?.hasSuffix("?") == true, "\(sentences)")
        #expect(sentences.last?.hasSuffix(".") == true)
    }

    @Test func hebrewLettersChooseTheHebrewVoiceAndSwedishOnlyWhenAsked() throws {
        let speech = SpeechOut(home: Fixtures.home)
        let swedish = try speech.speak(text: "Kan du säga det igen?", language: .swedish)
        #expect(Self.rms(swedish.samples) > 0.01)
        #expect(throws: SpeechOutError.nothingToSay) { try speech.speak(text: " ?! ") }
    }

    /// A copy of the installed voice folder whose model file is replaced by `damage`.
    static func damagedHome(_ damage: (URL) throws -> Void) throws -> OzenHome {
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("ozen-voice-\(UUID())")
        let folder = root.appendingPathComponent("models/piper-en")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let installed = URL(fileURLWithPath: Fixtures.home.modelsPath + "/piper-en")
        for file in ["manifest.json", "tokens.txt"] {
            try FileManager.default.copyItem(at: installed.appendingPathComponent(file), to: folder.appendingPathComponent(file))
        }
        try damage(folder)
        return OzenHome(path: root.path)
    }

    @Test func aTruncatedVoiceIsAClearErrorNotACrash() throws {
        let home = try Self.damagedHome { folder in
            // The first megabyte of the real model, as an interrupted copy leaves it.
            let model = try FileHandle(forReadingFrom: URL(fileURLWithPath: Fixtures.home.modelsPath + "/piper-en/model.onnx"))
            let head = try model.read(upToCount: 1 << 20) ?? Data()
            try model.close()
            try head.write(to: folder.appendingPathComponent("model.onnx"))
        }
        defer { try? FileManager.default.removeItem(atPath: home.path) }
        do {
            _ = try SpeechOut(home: home).speak(text: "Hello there.")
            Issue.record("a truncated voice was accepted")
        } catch let error as ModelError {
            guard case .sizeMismatch(let name, _, _, let actual) = error else { Issue.record("\(error)"); return }
            #expect(name == "piper-en" && actual == 1 << 20)
            #expect(error.description.contains("make setup"))
        }
        // Hebrew does not need the Piper voice: it still speaks.
        #expect(try SpeechOut(home: home).speak(text: "שלום").samples.isEmpty == false)
    }

    @Test func aDamagedPhonemeTableOrAMissingVoiceIsRefused() throws {
        // A table with a two-letter symbol would make sherpa-onnx end the process; it is caught
        // by its checksum before the model is even looked at.
        let home = try Self.damagedHome { folder in
            try Data("_ 0\n^ 1\n$ 2\nab 3\n".utf8).write(to: folder.appendingPathComponent("tokens.txt"))
        }
        defer { try? FileManager.default.removeItem(atPath: home.path) }
        #expect(throws: ModelError.checksumMismatch(name: "piper-en", path: home.modelsPath + "/piper-en/tokens.txt")) {
            try SpeechOut(home: home).speak(text: "Hello there.")
        }
        let empty = OzenHome(path: FileManager.default.temporaryDirectory.appendingPathComponent("ozen-novoice-\(UUID())").path)
        #expect(throws: ModelError.notInstalled(name: "piper-en", folder: empty.modelsPath + "/piper-en")) {
            try SpeechOut(home: empty).speak(text: "Hello there.")
        }
    }
}

import Foundation
import OzenKit
import OzenTestSupport
import Testing

/// `ozen say`: what she types is said in a voice the captions can read back; with no speaker
/// (this machine has no sound card) one clear line and nothing lost; her phrases and `--again`.
@Suite(.serialized) struct SayCommandTests {
    let home = OzenProcess.testHome()
    var environment: [String: String] { ["OZEN_HOME": home.path] }
    func file(_ name: String) -> String { home.appendingPathComponent(name).path }

    @Test func aWrittenVoiceIsReadBackByTheCaptions() throws {
        defer { try? FileManager.default.removeItem(at: home) }
        let sentence = "Could you say that again, please?"
        let said = try OzenProcess.run(["say", sentence, "--out", file("answer.wav")], environment: environment)
        #expect(said.status == 0, "\(said.stderr)")
        #expect(said.stdout.contains("Piper English voice") && said.stdout.contains("answer.wav"), "\(said.stdout)")
        let audio = try WAVDecoder().read(path: file("answer.wav"))
        #expect(audio.sampleRate == 22_050 && audio.duration > 1 && audio.duration < 5)

        let captioned = try OzenProcess.run(["caption", file("answer.wav"), "--language", "en", "--no-save", "--no-speakers", "--json"],
                                            environment: environment)
        #expect(captioned.status == 0, "\(captioned.stderr)")
        let heard = try captioned.stdout.split(separator: "\n").compactMap {
            try JSONSerialization.jsonObject(with: Data($0.utf8)) as? [String: Any]
        }.filter { $0["type"] as? String == "line" }.compactMap { $0["text"] as? String }.joined(separator: " ")
        let count = WordErrorRate.count(reference: sentence, hypothesis: heard)
        #expect(count.rate <= 0.2, "heard: \(heard)")
    }

    @Test func noSpeakerIsOneClearLineAndTheSentenceIsKept() throws {
        defer { try? FileManager.default.removeItem(at: home) }
        let said = try OzenProcess.run(["say", "רגע,", "לא", "הבנתי"], environment: environment)
        #expect(said.status == 78, "\(said.status) \(said.stderr)")
        #expect(said.stderrLines.count == 1 && said.stderr.contains("no speaker found") && said.stderr.contains("--out FILE.wav"),
                "\(said.stderr)")
        // Nothing she typed is lost: it is the last sentence said, for --again or --save-phrase.
        #expect(try String(contentsOfFile: file("last-said.txt"), encoding: .utf8) == "רגע, לא הבנתי\n")
        let rights = try FileManager.default.attributesOfItem(atPath: file("last-said.txt"))[.posixPermissions] as? NSNumber
        #expect(rights?.intValue == 0o600)
        let again = try OzenProcess.run(["say", "--again", "--out", file("again.wav")], environment: environment)
        #expect(again.status == 0 && again.stdout.hasPrefix("רגע, לא הבנתי") && again.stdout.contains("eSpeak NG Hebrew"), "\(again.stdout)\(again.stderr)")
    }

    @Test func phrasesAreListedSaidAndSaved() throws {
        defer { try? FileManager.default.removeItem(at: home) }
        let listed = try OzenProcess.run(["say", "phrases"], environment: environment)
        #expect(listed.status == 0)
        #expect(listed.stdout.split(separator: "\n") == ["1\tרגע, לא הבנתי", "2\tאפשר לחזור על זה?", "3\tדברו קרוב יותר למיקרופון",
                                                         "4\tSorry, I didn't understand.", "5\tCould you say that again?",
                                                         "6\tPlease speak closer to the microphone."])
        // The phrase that helps the captions most, in Hebrew: said from its pointed form.
        let third = try OzenProcess.run(["say", "--phrase", "3", "--out", file("closer.wav")], environment: environment)
        #expect(third.status == 0 && third.stdout.hasPrefix("דברו קרוב יותר למיקרופון"), "\(third.stderr)")
        let closer = try WAVDecoder().read(path: file("closer.wav"))
        #expect(closer.duration > 1 && closer.duration < 4, "\(closer.duration) s")

        let saved = try OzenProcess.run(["say", "The taxi is here.", "--save-phrase", "--out", file("taxi.wav")], environment: environment)
        #expect(saved.status == 0 && saved.stdout.contains("saved as phrase 7"), "\(saved.stdout)\(saved.stderr)")
        #expect(FileManager.default.fileExists(atPath: file("taxi.wav")))
        let rights = try FileManager.default.attributesOfItem(atPath: file("phrases.json"))[.posixPermissions] as? NSNumber
        #expect(rights?.intValue == 0o600)
        #expect(try OzenProcess.run(["say", "phrases"], environment: environment).stdout.hasSuffix("7\tThe taxi is here.\n"))

        // --save-phrase with no sentence keeps the last one said, and says nothing.
        _ = try OzenProcess.run(["say", "See you tomorrow", "--out", file("bye.wav")], environment: environment)
        let kept = try OzenProcess.run(["say", "--save-phrase"], environment: environment)
        #expect(kept.status == 0 && kept.stdout == "saved as phrase 8: See you tomorrow\n", "\(kept.stdout)\(kept.stderr)")

        let missing = try OzenProcess.run(["say", "--phrase", "9", "--out", file("x.wav")], environment: environment)
        #expect(missing.status == 64 && missing.stderrLines.count == 1 && missing.stderr.contains("there is no phrase 9"), "\(missing.stderr)")
    }

    @Test func againSaysTheSameSentenceTheSameWay() throws {
        defer { try? FileManager.default.removeItem(at: home) }
        let nothing = try OzenProcess.run(["say", "--again", "--out", file("none.wav")], environment: environment)
        #expect(nothing.status == 66 && nothing.stderr.contains("nothing has been said yet"), "\(nothing.stderr)")
        #expect(!FileManager.default.fileExists(atPath: file("none.wav")))

        let first = try OzenProcess.run(["say", "--phrase", "2", "--out", file("first.wav")], environment: environment)
        #expect(first.status == 0, "\(first.stderr)")
        let again = try OzenProcess.run(["say", "--again", "--out", file("again.wav")], environment: environment)
        #expect(again.status == 0 && again.stdout.hasPrefix("אפשר לחזור על זה?"), "\(again.stdout)")
        // eSpeak is deterministic: the same sentence, read from the same pointed form, is the same sound.
        #expect(try Data(contentsOf: URL(fileURLWithPath: file("first.wav"))) == Data(contentsOf: URL(fileURLWithPath: file("again.wav"))))

        let both = try OzenProcess.run(["say", "Hello", "--again"], environment: environment)
        #expect(both.status == 64 && both.stderrLines.count == 1, "\(both.stderr)")
        let language = try OzenProcess.run(["say", "Hej", "--language", "de"], environment: environment)
        #expect(language.status == 64 && language.stderr.contains("use he, en, sv"), "\(language.stderr)")
    }
}

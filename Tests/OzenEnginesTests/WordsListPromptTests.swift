import Foundation
import OzenEngines
import OzenKit
import OzenTestSupport
import Testing

/// The names list through the real recognizer: counted in real tokens, given as the prompt,
/// and the captions still complete.
@Suite(.serialized) struct WordsListPromptTests {
    @Test func aRealTokenizerKeepsThePromptNearAHundredTokens() {
        let list = WordsList(entries: (1...60).map { "משפחת כהן־לוי מספר \($0)" })
        let prompt = list.prompt(countingTokensWith: LiveHarness.whisper.tokenCount)
        #expect(prompt != nil)
        let tokens = LiveHarness.whisper.tokenCount(prompt!)
        #expect(tokens <= WordsList.promptTokenBudget && tokens > 60, "\(tokens) tokens")
    }

    @Test func namesOnTheListAppearAndNothingIsCutShort() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("ozen-words-\(UUID())")
        defer { try? FileManager.default.removeItem(at: folder) }
        let path = folder.appendingPathComponent("words.txt").path
        try WordsList(entries: ["Diane", "Sheila", "New Jersey", "Chicago", "Yankee"]).save(to: path)
        var settings = LiveSettings(language: .english)
        settings.wordsListPath = path
        let run = try LiveHarness.run(Fixtures.path("pyannote/sample.wav"), settings: settings)
        #expect(run.text.contains("Sheila"), "\(run.text)")
        #expect(run.text.contains("Yankee"), "cut short: \(run.text)")
        let jfk = try LiveHarness.run(Fixtures.jfk.path, settings: settings)
        #expect(WordErrorRate.count(reference: Fixtures.jfk.transcript, hypothesis: jfk.text).rate <= 0.10, "\(jfk.text)")
    }
}

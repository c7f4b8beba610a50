import Foundation
import OzenEngines
import OzenKit
import OzenTestSupport
import Testing

/// A decode's text depends on its audio and options only, never on the decodes before it: the
/// same recording must caption and interpret the same way whatever ran first in the process.
/// whisper.cpp's shared state broke this (the same Italian recording interpreted twice in one
/// process gave different English), which is why every decode now gets a state of its own.
@Suite(.serialized) struct DecodeIndependenceTests {
    @Test func theSameSentencesComeOutTheSameAfterOtherDecodes() throws {
        let path = Fixtures.path("interpreter/it/conversation.wav")
        let samples = try WAVDecoder().read(path: path).atSpeechRate().samples
        let sentences = try ReferenceTranslations.beside(path).sentences.prefix(6)
        let italian = SpokenLanguage(rawValue: "it")!
        func audio(_ s: ReferenceTranslations.Sentence) -> [Float] {
            Array(samples[max(0, Int((s.start - 0.15) * 16_000))..<min(samples.count, Int((s.end + 0.15) * 16_000))])
        }
        func decodeAll() throws -> [String] {
            try sentences.flatMap { sentence -> [String] in
                var translate = DecodingOptions(language: italian, beamSize: 5, allowsFallback: false, audioContextMargin: 128)
                translate.translatesToEnglish = true
                let live = DecodingOptions(language: italian, beamSize: 1, allowsFallback: true)
                return [try LiveHarness.whisper.transcribe(audio(sentence), options: translate).text,
                        try LiveHarness.whisper.transcribe(audio(sentence), options: live).text]
            }
        }
        let first = try decodeAll()
        // Decodes of other kinds between: a long multi-window one with earlier windows as the
        // prompt, a prompted one, a French one with the full window.
        var other = DecodingOptions(language: SpokenLanguage(rawValue: "fr")!, beamSize: 1, allowsFallback: true, audioContextMargin: 0)
        _ = try LiveHarness.whisper.transcribe(Array(samples.prefix(20 * 16_000)), options: other)
        other.promptsWithEarlierWindows = true
        _ = try LiveHarness.whisper.transcribe(Array(samples.prefix(40 * 16_000)), options: other)
        other.promptsWithEarlierWindows = false
        other.prompt = "Bonjour et bienvenue"
        _ = try LiveHarness.whisper.transcribe(Array(samples[(5 * 16_000)..<(12 * 16_000)]), options: other)
        let second = try decodeAll()
        #expect(first.allSatisfy { !$0.isEmpty }, "\(first)")
        #expect(first == second)
    }
}

import Foundation
import OzenKit
import Testing

/// Cloud captions through a chat model that hears audio: what it is told, how its answer's
/// lines become words, and where those words are put in time.
@Suite struct ChatTranscriptionTests {
    @Test func theModelIsToldTheLanguageHerNamesAndToBreakAtEachSpeaker() {
        let text = ChatTranscription.instructions(languageName: "Hebrew", names: ["רות", " ", "Ruth"])
        #expect(text.contains("in Hebrew"))
        #expect(text.contains("Start a new line each time the speaker changes"))
        #expect(text.hasSuffix("These names may be said; spell them like this: רות, Ruth."))
        #expect(!ChatTranscription.instructions(languageName: "English", names: []).contains("names"))
    }

    @Test func eachLineOfTheAnswerIsOneSpeakersWords() {
        let answer = "```\nSpeaker 1: Hello, Grandma.\n\n- Speaker 2: Hi! How are you?\n  Fine, thanks.\n```"
        #expect(ChatTranscription.lines(of: answer) == ["Hello, Grandma.", "Hi! How are you?", "Fine, thanks."])
        // A colon inside the words stays: only a short speaker label is taken off.
        #expect(ChatTranscription.lines(of: "We meet at 10:30 tomorrow.") == ["We meet at 10:30 tomorrow."])
        #expect(ChatTranscription.lines(of: "דובר 2: שלום") == ["שלום"])
        #expect(ChatTranscription.lines(of: "  \n") == [])
    }

    @Test func wordsAreTimedByTheirShareOfTheVoicedAudio() {
        let words = ChatTranscription.timedWords(["Hello there.", "Hi"], from: 1.0, to: 3.0)
        #expect(words.map(\.text) == ["Hello", "there.", "Hi"])
        // 5 + 6 + 2 letters over 2 s.
        #expect(abs(words[0].start - 1.0) < 1e-9 && abs(words[0].end - (1.0 + 2.0 * 5 / 13)) < 1e-9)
        #expect(abs(words[2].end - 3.0) < 1e-9)
        #expect(zip(words, words.dropFirst()).allSatisfy { abs($0.end - $1.start) < 1e-9 })
        // No span: every word at its start, none before it.
        #expect(ChatTranscription.timedWords(["a b"], from: 2, to: 2).allSatisfy { $0.start == 2 && $0.end == 2 })
    }

    @Test func theChatPresetsSendAudioToAChatModelAndSayTheirPrice() throws {
        let openrouter = try #require(ProviderSettings.transcriptionPresets.first { $0.name == "openrouter" })
        #expect(openrouter.api == .chatAudio && openrouter.baseURL == "https://openrouter.ai/api/v1")
        let gemini = try #require(ProviderSettings.transcriptionPresets.first { $0.name == "gemini" })
        #expect(gemini.api == .chatAudio)
        #expect(ProviderSettings(baseURL: gemini.baseURL, model: gemini.model).url("/chat/completions")
            == "https://generativelanguage.googleapis.com/v1beta/openai/chat/completions")
        let perHour = try #require(ProviderSettings(baseURL: openrouter.baseURL, model: openrouter.model).dollarsPerHourOfSpeech)
        #expect(abs(perHour - 0.15) < 1e-9)
        #expect(ProviderSettings.transcriptionPresets.filter { $0.api == .transcriptions }.map(\.name) == ["openai", "openai-mini", "groq", "groq-turbo", "ozen"])
    }
}

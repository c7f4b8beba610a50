@testable import OzenKit
import Testing

/// The live pipeline's stages that decide without a recognizer or a voice model: pass timing,
/// a pass's prompt and cleanup, where a sentence locks, and a line held over a breath.
@Suite struct LiveStagesTests {
    let settings = LiveSettings(language: .english)

    /// A live pass waits for the last pass's cost (over the 0.3 s gap) and 0.3 s of new audio,
    /// and none starts once the speaker has been quiet for 0.2 s.
    @Test func livePassTiming() {
        var cutter = UtteranceCutter()
        var fed = 0
        for _ in 0..<16 {
            _ = cutter.frame(start: fed, length: 512, isVoice: true, energy: 0.1)
            fed += 512
        }
        var timing = LivePassTiming(settings: settings)
        #expect(timing.dueStart(cutter: cutter, now: 1, fed: fed, heardThrough: fed) == 0)
        timing.passRan(cost: 0.5, endedAt: 1, audioEnd: fed)
        #expect(timing.dueStart(cutter: cutter, now: 1.4, fed: fed + 8000, heardThrough: fed) == nil)
        #expect(timing.dueStart(cutter: cutter, now: 1.5, fed: fed + 4000, heardThrough: fed) == nil)
        #expect(timing.dueStart(cutter: cutter, now: 1.5, fed: fed + 8000, heardThrough: fed) == 0)
        #expect(timing.dueStart(cutter: cutter, now: 1.5, fed: fed + 8000, heardThrough: fed + 3200) == nil)
    }

    /// Live passes get the line's earlier words; final passes the names list before them.
    @Test func onlyFinalPassesGetTheNames() {
        let prompt = PassPrompt(line: ["Ask", "not"], conversation: "And so my fellow Americans.", names: "Noa, Ozen",
                                settings: settings)
        #expect(prompt.text(withNames: false) == "Ask not")
        #expect(prompt.withNames == "Noa, Ozen Ask not")
    }

    /// After a sentence was locked mid-utterance, its last words at a pass's head are dropped.
    @Test func theLockedTailIsNotRepeated() {
        var cleanup = PassCleanup()
        cleanup.lockedTail = ["for", "your", "country."]
        let cleaned = cleanup.clean(Transcript(text: "country. And so my fellow Americans", confidence: nil, language: "en"))
        #expect(cleaned.transcript.text == "And so my fellow Americans")
        #expect(!cleaned.looped)
        // The held-out table's Allison: the tail's one word written as two at the pass's head.
        cleanup.lockedTail = ["the", "option", "to", "leave", "voicemail."]
        let split = cleanup.clean(Transcript(text: " voice mail. To check voice mail for the user", confidence: nil, language: "en"))
        #expect(split.transcript.text == "To check voice mail for the user")
        // The tail's end said again with a word misheard.
        cleanup.lockedTail = ["asterisk", "server", "from", "a", "remote", "location."]
        let misheard = cleanup.clean(Transcript(text: " a mode location. The sample configuration", confidence: nil, language: "en"))
        #expect(misheard.transcript.text == "The sample configuration")
        cleanup.lockedTail = ["the", "option", "to", "leave", "voicemail."]
        // Words said again that the tail does not end with stay.
        let fresh = cleanup.clean(Transcript(text: " voice over IP, to check", confidence: nil, language: "en"))
        #expect(fresh.transcript.text == " voice over IP, to check")
    }

    /// A live pass that wrote a long run again (the held-out table's Allison, 2026-12-06) keeps
    /// one copy and says it dropped copies, so its word times cut no sentence; it is no short
    /// loop, so a final pass is not decoded again for it.
    @Test func aPassThatWroteARunAgainSaysSo() {
        let said = " If you would like to learn more technical information about Asterisk, Dial 2 now, if you'd like to"
            + " test out the voice over IP capabilities of Asterisk, Dial 2 now, if you'd like to test out the voice"
            + " over IP capabilities of Asterisk, Dial 2 now, if you'd like to test out the voice over IP capabilities"
            + " of Asterisk, Dial 2 now,"
        let cleaned = PassCleanup().clean(Transcript(text: said, confidence: nil, language: "en"))
        #expect(cleaned.repeated)
        #expect(!cleaned.looped)
        #expect(cleaned.transcript.text.components(separatedBy: "voice over IP").count == 2)
        let plain = PassCleanup().clean(Transcript(text: " If you would like to learn more, dial 2 now.", confidence: nil, language: "en"))
        #expect(!plain.repeated)
    }

    /// A pass whose last word loops inside itself (a cloud caption's answer is such a pass too)
    /// shows one copy, keeps its words' times, and counts as a loop, so a final is decoded afresh.
    @Test func aLoopInsideAWordIsCutInAPass() {
        var transcript = Transcript(text: "It costs 1.5.1.1.1.1.1.1.1.1.1.1.1.1.", confidence: nil, language: "en")
        transcript.words = [TimedWord(text: "It", start: 0, end: 0.2), TimedWord(text: "costs", start: 0.2, end: 0.6),
                            TimedWord(text: "1.5.1.1.1.1.1.1.1.1.1.1.1.1.", start: 0.6, end: 3)]
        let cleaned = PassCleanup().clean(transcript)
        #expect(cleaned.transcript.text == "It costs 1.5.1.")
        #expect(cleaned.transcript.words.map(\.text) == ["It", "costs", "1.5.1."])
        #expect(cleaned.transcript.words.last?.start == 0.6)
        #expect(cleaned.looped)
        // "1.5 million" is no loop, and the pass is untouched.
        let said = Transcript(text: " It costs 1.5 million.", confidence: nil, language: "en")
        #expect(PassCleanup().clean(said).transcript == said)
        #expect(!PassCleanup().clean(said).looped)
    }

    /// A settled sentence with more said after it locks, but only in an utterance over 8 s.
    @Test func aSentenceLocksInALongUtterance() {
        var transcript = Transcript(text: "Ask not. What your", confidence: nil, language: "en")
        transcript.words = [TimedWord(text: "Ask", start: 0, end: 0.25), TimedWord(text: "not.", start: 0.25, end: 0.5),
                            TimedWord(text: "What", start: 1, end: 1.25), TimedWord(text: "your", start: 1.25, end: 1.5)]
        let settled = ["Ask", "not.", "What"], shown = ["Ask", "not.", "What", "your"]
        #expect(SentenceLock(in: transcript, settled: settled, shown: shown, utteranceStart: 0, fed: 5 * 16_000,
                             settings: settings) == nil)
        let lock = SentenceLock(in: transcript, settled: settled, shown: shown, utteranceStart: 0, fed: 9 * 16_000,
                                settings: settings)
        #expect(lock?.last == 1)
        #expect(lock?.endSample == 8000)
        #expect(lock?.resumeSample == 4000)
    }

    /// An utterance that ends in a breath is shown final and held; the line locks, with the
    /// partial's id, once the silence after its voice reaches the line pause (0.75 s).
    @Test func aBreathHoldsTheLine() {
        var line = OpenLine(settings: settings)
        let utterance = UtteranceCutter.Utterance(start: 0, end: 24_000, voiceStart: 4800, voiceEnd: 20_000, endedBy: .pause)
        let outcome = FinalPassPolicy.Outcome(transcript: Transcript(text: "And so", confidence: 0.9, language: "en"),
                                              kept: true, words: ["And", "so"], fromLivePasses: false)
        let held = line.takeFinal(outcome, of: utterance, heardThrough: 24_000, utteranceOpen: false, speakers: nil,
                                  audio: AudioWindow())
        #expect(held.lines.isEmpty)
        #expect(held.partial?.text == "And so")
        #expect(held.partial?.settledWords == 2)
        #expect(line.isHeld)
        #expect(!line.pauseEnds(heardThrough: 31_999, silenceSinceFed: 0, utteranceOpen: false))
        #expect(!line.pauseEnds(heardThrough: 32_000, silenceSinceFed: 0, utteranceOpen: true))
        #expect(line.pauseEnds(heardThrough: 32_000, silenceSinceFed: 0, utteranceOpen: false))
        let lines = line.closeHeld(speakers: nil, audio: AudioWindow())
        #expect(lines.map(\.text) == ["And so"])
        #expect(lines.first?.id == held.partial?.id)
        #expect(lines.first?.start == 0.3)
        #expect(lines.first?.end == 1.25)
        #expect(!line.isHeld)
        #expect(line.linesEmitted == 1)
    }
}

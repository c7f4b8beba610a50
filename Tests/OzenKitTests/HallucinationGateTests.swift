import OzenKit
import OzenTestSupport
import Testing

/// What Whisper invents out of silence is dropped; what people said is kept. The audio levels
/// are measured on real recordings: the room before the LibriVox reader's sentence (near silent)
/// and JFK's speech (loud).
@Suite struct HallucinationGateTests {
    let gate = HallucinationGate()
    /// The first 8 frames of a LibriVox clip, before the reader starts: about -53 dBFS.
    let nearSilence: AudioLevel
    /// JFK's whole recording: speech at about -20 dBFS.
    let speech: AudioLevel

    init() throws {
        let clip = try Fixtures.librivox()[2]
        let room = try WAVDecoder().read(path: clip.path).atSpeechRate().samples.prefix(8 * 512)
        nearSilence = AudioLevel(measuring: room)
        speech = AudioLevel(measuring: try WAVDecoder().read(path: Fixtures.jfk.path).atSpeechRate().samples)
    }

    func transcript(_ text: String, language: String = "en", logProbability: Double? = -0.3,
                    noSpeech: Double? = 0.02) -> Transcript {
        Transcript(text: text, confidence: 0.8, language: language,
                   averageLogProbability: logProbability, noSpeechProbability: noSpeech)
    }

    @Test func theLevelsAreWhatTheTestsAssume() {
        #expect(nearSilence.rmsDBFS < HallucinationGate.Settings.default.nearSilentBelowDBFS)
        #expect(nearSilence.rmsDBFS > AudioLevel.floor, "real room noise, not digital silence")
        #expect(speech.rmsDBFS > -30)
    }

    @Test func thanksForWatchingOutOfSilenceIsDropped() {
        #expect(gate.judge(transcript("Thanks for watching."), prompt: nil, audioLevel: nearSilence)
                == .drop(reason: "phantom phrase"))
    }

    @Test func thanksForWatchingSpokenAloudIsKept() {
        #expect(gate.judge(transcript("Thanks for watching.", noSpeech: 0.02), prompt: nil, audioLevel: speech) == .keep)
    }

    @Test func aPhantomPhraseOverSpeechThatWhisperDoubtsIsDropped() {
        // Loud audio, but Whisper itself gives the no-speech token 0.5: the phrase is not trusted.
        #expect(gate.judge(transcript("Thank you.", noSpeech: 0.5), prompt: nil, audioLevel: speech)
                == .drop(reason: "phantom phrase"))
    }

    @Test(arguments: ["תודה רבה", "תודה רבה.", "תּוֹדָה רַבָּה!"])
    func hebrewThanksOutOfSilenceIsDropped(_ text: String) {
        #expect(gate.judge(transcript(text, language: "he"), prompt: nil, audioLevel: nearSilence)
                == .drop(reason: "phantom phrase"))
    }

    @Test func hebrewThanksSpokenAloudIsKept() {
        #expect(gate.judge(transcript("תודה רבה", language: "he"), prompt: nil, audioLevel: speech) == .keep)
    }

    @Test func noSpeechWithLowProbabilityTextIsDropped() {
        let t = transcript(Fixtures.jfk.transcript, logProbability: -1.5, noSpeech: 0.9)
        #expect(gate.judge(t, prompt: nil, audioLevel: speech) == .drop(reason: "no speech"))
    }

    @Test func noSpeechAloneIsNotEnough() {
        // Whisper's rule needs both: a confident text survives a high no-speech probability.
        let t = transcript(Fixtures.jfk.transcript, logProbability: -0.2, noSpeech: 0.9)
        #expect(gate.judge(t, prompt: nil, audioLevel: speech) == .keep)
    }

    @Test func lowProbabilityAloneIsNotEnough() {
        let t = transcript(Fixtures.jfk.transcript, logProbability: -1.5, noSpeech: 0.1)
        #expect(gate.judge(t, prompt: nil, audioLevel: speech) == .keep)
    }

    @Test func missingProbabilitiesDoNotDrop() {
        let t = transcript(Fixtures.jfk.transcript, logProbability: nil, noSpeech: nil)
        #expect(gate.judge(t, prompt: nil, audioLevel: speech) == .keep)
    }

    @Test func aLoopingPhraseIsDroppedAsRepetition() {
        let loop = String(repeating: "Thank you. ", count: 7)
        #expect(gate.judge(transcript(loop), prompt: nil, audioLevel: speech) == .drop(reason: "repetition"))
        #expect(gate.judge(transcript(loop), prompt: nil, audioLevel: nearSilence) == .drop(reason: "repetition"))
    }

    @Test func realSentencesAreKept() throws {
        let sentences = [Fixtures.jfk.transcript] + (try Fixtures.librivox().map(\.transcript))
        for sentence in sentences {
            #expect(gate.judge(transcript(sentence), prompt: nil, audioLevel: speech) == .keep, "\(sentence)")
        }
    }

    @Test func theTailOfThePromptReadBackIsDropped() {
        let prompt = "Dana, Ozen. And so my fellow Americans, ask not what your country can do for you,"
        let readBack = transcript("ask not what your country can do for you,")
        #expect(gate.judge(readBack, prompt: prompt, audioLevel: speech) == .drop(reason: "prompt read back"))
        // Case and punctuation do not hide it.
        #expect(gate.judge(transcript("Ask not what your country can do for you."), prompt: prompt, audioLevel: speech)
                == .drop(reason: "prompt read back"))
    }

    @Test func newWordsAfterThePromptAreKept() {
        let prompt = "And so my fellow Americans, ask not what your country can do for you,"
        #expect(gate.judge(transcript("ask what you can do for your country."), prompt: prompt, audioLevel: speech) == .keep)
        #expect(gate.judge(transcript(Fixtures.jfk.transcript), prompt: "", audioLevel: speech) == .keep)
    }

    @Test(arguments: ["", " ", "...", " ,  ", "♪"])
    func emptyTextIsDropped(_ text: String) {
        #expect(gate.judge(transcript(text), prompt: nil, audioLevel: speech) == .drop(reason: "empty"))
    }
}

/// The repetition measure on real sentences and a loop.
@Suite struct CompressionRatioTests {
    @Test func realSentencesScoreLow() throws {
        let sentences = [Fixtures.jfk.transcript] + (try Fixtures.librivox().map(\.transcript))
        for sentence in sentences {
            let ratio = CompressionRatio.of(sentence)
            #expect(ratio <= 1.05, "\(sentence): \(ratio)")
            #expect(ratio > 0.5, "\(sentence): \(ratio)")
        }
    }

    @Test func hebrewSentenceScoresLow() {
        #expect(CompressionRatio.of("שלום לכולם, אני רוצה לספר לכם על הטיול שלנו לצפון בשבוע שעבר.") <= 1.05)
    }

    @Test func aLoopingPhraseScoresHigh() {
        let loop = String(repeating: "Thank you. ", count: 7)
        #expect(CompressionRatio.of(loop) >= 1.3)
        // The more it loops, the higher it scores.
        #expect(CompressionRatio.of(String(repeating: "Thank you. ", count: 20)) > CompressionRatio.of(loop))
        #expect(CompressionRatio.of(String(repeating: "I'm going to go. ", count: 7)) >= 1.3)
    }

    @Test func tinyTextsScoreOne() {
        #expect(CompressionRatio.of("") == 1)
        #expect(CompressionRatio.of("a") == 1)
    }
}

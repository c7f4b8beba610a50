import OzenKit
import OzenTestSupport
import Testing

/// LocalAgreement-2 on real Whisper passes: the texts below are what the live pipeline's passes
/// produced, in order, on three utterances of jfk.wav.
@Suite struct WordStabilizerTests {
    struct Step: Sendable {
        var pass: String
        var settled: [String]
        var tentative: [String]
    }

    static let fellowAmericans: [Step] = [
        Step(pass: "and so", settled: [], tentative: ["and", "so"]),
        Step(pass: "And so my", settled: ["And", "so"], tentative: ["my"]),
        Step(pass: "And so my fellow American", settled: ["And", "so", "my"], tentative: ["fellow", "American"]),
        // "American" then "Americans.": the passes disagree, so it stays tentative.
        Step(pass: "and so my fellow Americans.", settled: ["And", "so", "my", "fellow"], tentative: ["Americans."]),
    ]

    static let yourCountry: [Step] = [
        Step(pass: "like your country", settled: [], tentative: ["like", "your", "country"]),
        // Agreement must start at the first word: "your country" matching later settles nothing.
        Step(pass: "what your country can do for you.", settled: [],
             tentative: ["what", "your", "country", "can", "do", "for", "you."]),
    ]

    static let askWhat: [Step] = [
        Step(pass: "Ask what you're doing.", settled: [], tentative: ["Ask", "what", "you're", "doing."]),
        Step(pass: "Ask what you can do.", settled: ["Ask", "what"], tentative: ["you", "can", "do."]),
        // "do." then "do": the same word once punctuation is ignored.
        Step(pass: "Ask what you can do for your own.", settled: ["Ask", "what", "you", "can", "do"],
             tentative: ["for", "your", "own."]),
        Step(pass: "Ask what you can do for your coun", settled: ["Ask", "what", "you", "can", "do", "for", "your"],
             tentative: ["coun"]),
    ]

    /// Runs the passes, checking after each one the stabilizer's invariants and the expected state.
    @discardableResult
    func run(_ steps: [Step], on stabilizer: inout WordStabilizer) -> [[String]] {
        var history = [[String]]()
        for step in steps {
            let before = stabilizer.settled
            let shown = stabilizer.update(with: step.pass)
            #expect(stabilizer.settled == step.settled, "after \"\(step.pass)\"")
            #expect(stabilizer.tentative == step.tentative, "after \"\(step.pass)\"")
            #expect(shown == stabilizer.shown)
            #expect(stabilizer.shown == stabilizer.settled + stabilizer.tentative)
            // Settled words never change or shrink.
            #expect(Array(stabilizer.settled.prefix(before.count)) == before)
            #expect(stabilizer.settled.count >= before.count)
            history.append(stabilizer.settled)
        }
        return history
    }

    @Test func fellowAmericansSettlesAfterTwoAgreeingPasses() {
        var stabilizer = WordStabilizer()
        run(Self.fellowAmericans, on: &stabilizer)
    }

    @Test(arguments: [WordStabilizerTests.fellowAmericans, WordStabilizerTests.yourCountry, WordStabilizerTests.askWhat])
    func aWordSettlesOnlyWhenThisPassAndThePreviousOneAgreeOnIt(_ table: [Step]) {
        var stabilizer = WordStabilizer()
        var previous: [String] = []
        for step in table {
            let before = stabilizer.settled.count
            stabilizer.update(with: step.pass)
            let words = step.pass.split(separator: " ").map(String.init)
            // Each newly settled word stands at the same place in both passes (normalised), and
            // is written as this pass writes it.
            for i in before..<stabilizer.settled.count {
                #expect(i < previous.count && i < words.count)
                guard i < previous.count, i < words.count else { continue }
                #expect(WordStabilizer.normalised(words[i]) == WordStabilizer.normalised(previous[i]))
                #expect(stabilizer.settled[i] == words[i])
            }
            previous = words
        }
    }

    @Test func punctuationAndCaseDoNotStopAgreement() {
        // The final pass on the recording: "Americans," agrees with the live pass's "Americans.".
        var stabilizer = WordStabilizer()
        run(Self.fellowAmericans, on: &stabilizer)
        stabilizer.update(with: Fixtures.jfk.transcript)
        #expect(stabilizer.settled.map(WordStabilizer.normalised) == ["and", "so", "my", "fellow", "americans"])
        #expect(stabilizer.settled.prefix(4) == ["And", "so", "my", "fellow"])
        #expect(stabilizer.tentative.first == "ask")
        #expect(stabilizer.shown.joined(separator: " ") == Fixtures.jfk.transcript)
    }

    @Test func passesThatDisagreeAtTheStartSettleNothing() {
        var stabilizer = WordStabilizer()
        run(Self.yourCountry, on: &stabilizer)
        #expect(stabilizer.shown.joined(separator: " ") == "what your country can do for you.")
    }

    @Test func askWhatYouCanDoSettlesWordByWord() {
        var stabilizer = WordStabilizer()
        let history = run(Self.askWhat, on: &stabilizer)
        #expect(history.map(\.count) == [0, 2, 5, 7])
        #expect(stabilizer.shown.joined(separator: " ") == "Ask what you can do for your coun")
    }

    @Test func aPassThatDisagreesWithSettledWordsDoesNotUnsettleThem() {
        var stabilizer = WordStabilizer()
        run(Self.askWhat, on: &stabilizer)
        let settled = stabilizer.settled

        // The utterance's first pass again: it contradicts "you can do for your".
        stabilizer.update(with: "Ask what you're doing.")
        #expect(stabilizer.settled == settled)
        #expect(stabilizer.tentative.isEmpty, "nothing after the last settled word to show")
        #expect(stabilizer.shown == settled)

        // A pass of another utterance entirely: still nothing settled changes.
        stabilizer.update(with: "like your country")
        #expect(stabilizer.settled == settled)
        // It repeats the last settled word ("your"): what follows it is the tentative tail.
        #expect(stabilizer.tentative == ["country"])

        // Agreement resumes where the settled words end.
        stabilizer.update(with: "Ask what you can do for your country.")
        #expect(stabilizer.settled == settled)
        #expect(stabilizer.tentative == ["country."])
        stabilizer.update(with: "Ask what you can do for your country.")
        #expect(stabilizer.settled == settled + ["country."])
        #expect(stabilizer.tentative.isEmpty)
    }

    @Test func settledWordsNeverChangeAcrossAllRecordedPasses() {
        // Every recorded pass, one after another, into one stabilizer: a worst case of passes
        // that jump between utterances. Settled words only ever grow.
        var stabilizer = WordStabilizer()
        var before: [String] = []
        for step in Self.fellowAmericans + Self.yourCountry + Self.askWhat {
            let shown = stabilizer.update(with: step.pass)
            #expect(Array(stabilizer.settled.prefix(before.count)) == before)
            #expect(shown == stabilizer.settled + stabilizer.tentative)
            before = stabilizer.settled
        }
        #expect(before == ["And", "so", "my", "fellow"])
    }

    @Test func anEmptyPassKeepsSettledWords() {
        var stabilizer = WordStabilizer()
        run(Self.fellowAmericans, on: &stabilizer)
        stabilizer.update(with: "")
        #expect(stabilizer.settled == ["And", "so", "my", "fellow"])
        #expect(stabilizer.tentative.isEmpty)
    }

    @Test(arguments: [
        ("שָׁלוֹם", "שלום"),
        ("Americans.", "americans"),
        ("Americans,", "americans"),
        ("man,", "man"),
        ("\"Hello!\"", "hello"),
        ("you're", "youre"),
        ("28", "28"),
        ("\u{200F}שלום,", "שלום"),
        ("בְּרֵאשִׁית", "בראשית"),
        ("…", ""),
    ])
    func normalised(_ word: String, _ expected: String) {
        #expect(WordStabilizer.normalised(word) == expected)
    }

    @Test func normalisedMakesLivePassVariantsEqual() {
        #expect(WordStabilizer.normalised("Americans.") == WordStabilizer.normalised("Americans"))
        #expect(WordStabilizer.normalised("do.") == WordStabilizer.normalised("do"))
        #expect(WordStabilizer.normalised("And") == WordStabilizer.normalised("and"))
        #expect(WordStabilizer.normalised("American") != WordStabilizer.normalised("Americans."))
        #expect(WordStabilizer.normalised("you're") != WordStabilizer.normalised("you"))
    }
}

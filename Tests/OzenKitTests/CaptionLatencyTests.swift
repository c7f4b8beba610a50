import OzenKit
import Testing

/// The latency arithmetic of `ozen bench accuracy` and `ozen bench latency`, on event
/// sequences shaped like the live pipeline's: partials while a turn is spoken, a partial with
/// every word settled after an utterance's final pass, and the line once the line pause is over.
@Suite struct CaptionLatencyTests {
    func line(_ id: Int, _ text: String, _ start: Double, _ end: Double, settled: Int? = nil) -> CaptionLine {
        CaptionLine(id: id, text: text, start: start, end: end, final: settled == nil, confidence: 0.9,
                    uncertain: false, language: "en", settledWords: settled)
    }

    @Test func textIsFinalWhenItsWordsAreShownSettled() {
        let latency = CaptionLatency(stamped: [
            (.partial(line(1, "ask not", 1.0, 2.0, settled: 0), at: 2.4), 2.4),
            (.partial(line(1, "ask not what your", 1.0, 3.0, settled: 2), at: 3.3), 3.3),
            // The final pass: every word settled, the line still open for the line pause.
            (.partial(line(1, "Ask not what your country", 1.0, 3.5, settled: 5), at: 4.6), 4.6),
            (.line(line(1, "Ask not what your country", 1.0, 3.5), at: 4.9), 4.9),
        ])
        #expect(latency.samples.count == 1)
        #expect(abs(latency.firstWords[0] - 1.4) < 1e-9)
        #expect(abs(latency.settle[0] - 1.4) < 1e-9)
        #expect(abs(latency.textFinal[0] - 1.1) < 1e-9)
    }

    @Test func aSettledPartialWithOtherWordsDoesNotCount() {
        // The speaker went on after a breath: the first settled partial is not the line's text.
        let latency = CaptionLatency(stamped: [
            (.partial(line(1, "And so", 1.0, 2.0, settled: 2), at: 2.8), 2.8),
            (.partial(line(1, "And so my fellow Americans", 1.0, 4.0, settled: 2), at: 4.3), 4.3),
            (.line(line(1, "And so my fellow Americans", 1.0, 4.0), at: 5.5), 5.5),
        ])
        #expect(abs(latency.textFinal[0] - 1.5) < 1e-9)
        #expect(latency.textFinal[0] == latency.settle[0])
    }

    @Test func eachPartOfALineSplitByVoiceLooksBackToTheSettledPartial() {
        let latency = CaptionLatency(stamped: [
            (.partial(line(3, "Hello, hello. Oh, hello.", 6.8, 9.8, settled: 4), at: 10.9), 10.9),
            (.line(line(3, "Hello, hello.", 6.8, 8.2), at: 11.2), 11.2),
            (.line(line(4, "Oh, hello.", 8.3, 9.8), at: 11.2), 11.2),
            // The next line's partials start afresh: the old settled partial is forgotten.
            (.partial(line(5, "hello", 12.0, 12.5, settled: 1), at: 13.0), 13.0),
            (.line(line(5, "Hello.", 12.0, 12.6), at: 13.6), 13.6),
        ])
        #expect(latency.samples.map(\.lineID) == [3, 4, 5])
        #expect(abs(latency.textFinal[0] - 2.7) < 1e-9)
        #expect(abs(latency.textFinal[1] - 1.1) < 1e-9)
        // "hello" is not "Hello.": the final pass changed it.
        #expect(abs(latency.textFinal[2] - 1.0) < 1e-9)
    }
}

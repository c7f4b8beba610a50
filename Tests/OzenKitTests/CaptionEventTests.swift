import Foundation
import OzenKit
import Testing

/// The JSON event contract front ends rely on.
@Suite struct CaptionEventTests {
    @Test func lineEventCarriesEveryField() throws {
        let line = CaptionLine(id: 3, text: "שלום \"רותי\"", start: 1.5, end: 2.25, final: true,
                               confidence: 0.91234, uncertain: false, language: "he")
        let text = CaptionEvent.line(line, at: 2.95).json.serialized()
        #expect(text == #"{"type":"line","at":2.950,"id":3,"text":"שלום \"רותי\"","start":1.500,"end":2.250,"final":true,"speaker":null,"confidence":0.912,"uncertain":false,"language":"he","direction":"rtl"}"#)
        let parsed = try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any]
        #expect(parsed?["text"] as? String == "שלום \"רותי\"")
    }

    @Test func statusEventHasStateAndTime() {
        let text = CaptionEvent.status(.finished(lines: 2, audioSeconds: 11), at: 11).json.serialized()
        #expect(text == #"{"type":"status","at":11.000,"state":"finished","lines":2,"audio_seconds":11.000}"#)
    }

    @Test func englishReadsLeftToRightHebrewRightToLeft() {
        #expect(TextDirection(language: "he", text: "ask not") == .leftToRight)
        #expect(TextDirection(language: "en", text: "מה שלומך") == .rightToLeft)
        #expect(TextDirection(language: "he", text: "12:30") == .rightToLeft)
    }
}

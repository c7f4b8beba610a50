import Foundation
import OzenKit
import Testing

/// The JSON event contract front ends rely on.
@Suite struct CaptionEventTests {
    @Test func lineEventCarriesEveryField() throws {
        let line = CaptionLine(id: 3, text: "שלום \"רותי\"", start: 1.5, end: 2.25, final: true,
                               confidence: 0.91234, uncertain: false, language: "he")
        let text = CaptionEvent.line(line, at: 2.95).json.serialized()
        #expect(text == #"{"type":"line","at":2.950,"id":3,"text":"שלום \"רותי\"","start":1.500,"end":2.250,"final":true,"speaker":null,"confidence":0.912,"uncertain":false,"language":"he","direction":"rtl","numbers":[]}"#)
        let parsed = try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any]
        #expect(parsed?["text"] as? String == "שלום \"רותי\"")
    }

    @Test func lineEventCarriesTheNumbersInIt() throws {
        let line = CaptionLine(id: 1, text: "התור אצל הרופאה בשבע וחצי", start: 0, end: 2, final: true,
                               confidence: 0.9, uncertain: false, language: "he")
        let json = try JSONSerialization.jsonObject(with: Data(CaptionEvent.line(line, at: 2.5).json.serialized().utf8)) as? [String: Any]
        let numbers = try #require(json?["numbers"] as? [[String: Any]])
        #expect(numbers.count == 1)
        #expect(numbers.first?["kind"] as? String == "time")
        let start = try #require(numbers.first?["start"] as? Int), end = try #require(numbers.first?["end"] as? Int)
        let said = String(decoding: Array(line.text.utf16)[start..<end], as: UTF16.self)
        #expect(said.contains("שבע וחצי"))
    }

    /// A correction carries the whole line as corrected, and the words it first locked with.
    @Test func aCorrectedEventCarriesTheLineAndItsFirstWords() throws {
        let line = CaptionLine(id: 3, text: "He was not an ill-disposed young man.", start: 0.3, end: 2.9, final: true,
                               speaker: "Speaker 1", confidence: 0.91, uncertain: false, language: "en")
        let json = CaptionEvent.corrected(LineCorrection(line: line, previous: "He was not an ill-sposed young man."), at: 6.25).json.serialized()
        #expect(json.hasPrefix(#"{"type":"corrected","at":6.250,"id":3,"text":"He was not an ill-disposed young man.""#), "\(json)")
        #expect(json.contains(#""speaker":"Speaker 1""#) && json.hasSuffix(#""previous_text":"He was not an ill-sposed young man."}"#), "\(json)")
    }

    @Test func alertEventsNameTheLineAndTheWord() {
        let text = CaptionEvent.alert(KeywordAlertEvent(at: 4, lineID: 2, word: "רותי", range: TextRange(start: 0, end: 6), said: "ולרותי")).json.serialized()
        #expect(text == #"{"type":"alert","at":4.000,"id":2,"word":"רותי","start":0,"end":6,"said":"ולרותי"}"#)
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

import OzenKit
import Testing

/// When a keyword alerts: only on settled words, once per keyword every 15 s of audio, with
/// every line that holds it still highlighted.
@Suite struct KeywordWatchTests {
    static func watch(_ words: String...) -> KeywordWatch { KeywordWatch(keywords: words.compactMap(KeywordAlert.init)) }

    @Test func alertCarriesLineAndRange() throws {
        var watch = Self.watch("רותי")
        let report = watch.observe(SettledLine(id: 4, text: "ולרותי יש תור", at: 12.5))
        let alert = try #require(report.alerts.first)
        #expect(alert.json.serialized() == #"{"type":"alert","at":12.500,"id":4,"word":"רותי","start":0,"end":6,"said":"ולרותי"}"#)
        #expect(report.highlights.map(\.range) == [TextRange(start: 0, end: 6)])
    }

    @Test func oneAlertPerKeywordEveryFifteenSecondsButEveryLineHighlighted() {
        var watch = Self.watch("רותי")
        let a = watch.observe(SettledLine(id: 1, text: "רותי, את שומעת?", at: 0))
        let b = watch.observe(SettledLine(id: 2, text: "רותי!", at: 10))
        let c = watch.observe(SettledLine(id: 3, text: "רותי, תורך", at: 16))
        #expect(a.alerts.count == 1)
        #expect(b.alerts.isEmpty)
        #expect(b.highlights.count == 1)
        #expect(c.alerts.count == 1)
    }

    @Test func eachKeywordHasItsOwnQuietPeriod() {
        var watch = Self.watch("רותי", "רופא")
        _ = watch.observe(SettledLine(id: 1, text: "רותי", at: 0))
        let report = watch.observe(SettledLine(id: 2, text: "רותי, הרופאה קוראת לך", at: 5))
        #expect(report.alerts.map(\.word) == ["רופא"])
        #expect(report.highlights.count == 2)
    }

    @Test func aWordStillBeingSaidNeverFires() {
        var watch = Self.watch("רותי")
        // "רותי" reaches the settled edge: it may still become "רותים"… so it waits.
        let growing = watch.observe(SettledLine(id: 1, text: "שלום רותי", at: 1, settledThrough: 9))
        #expect(growing.alerts.isEmpty && growing.highlights.isEmpty)
        let unsettled = watch.observe(SettledLine(id: 1, text: "שלום רותי ומה", at: 2, settledThrough: 4))
        #expect(unsettled.alerts.isEmpty)
        let settled = watch.observe(SettledLine(id: 1, text: "שלום רותי ומה", at: 3, settledThrough: 10))
        #expect(settled.alerts.count == 1)
    }

    @Test func aLineSeenAgainDoesNotAlertTwice() {
        var watch = Self.watch("Ruth")
        let first = watch.observe(SettledLine(id: 7, text: "Ruth, come", at: 1, settledThrough: 6))
        let again = watch.observe(SettledLine(id: 7, text: "Ruth, come here", at: 30))
        #expect(first.alerts.count == 1)
        #expect(again.alerts.isEmpty)
        #expect(again.highlights.count == 1)
    }

    @Test func trapsNeverHighlight() {
        var watch = Self.watch("לי")
        let report = watch.observe(SettledLine(id: 1, text: "הטלפון שלי בלי סוללה", at: 0))
        #expect(report.alerts.isEmpty && report.highlights.isEmpty)
    }
}

import OzenKit
import Testing

/// The text stage as the live pipeline and `ozen text` run it.
@Suite struct TextStageTests {
    @Test func findsDirectionNumbersAndAlertsInOneLine() {
        var stage = TextStage(language: "he", keywords: ["רותי", "רופא"].compactMap(KeywordAlert.init))
        let text = "ולרותי יש תור לרופאה ביום שלישי בשבע וחצי, הטלפון 052-1234567"
        let result = stage.process(SettledLine(id: 1, text: text, at: 0))
        #expect(result.direction == .rightToLeft)
        #expect(result.numbers.map(\.kind) == [.time, .phone])
        #expect(result.alerts.map(\.word) == ["רותי", "רופא"])
        #expect(result.numbersJSON.serialized()
            == #"[{"start":32,"end":41,"kind":"time","value":7.5},{"start":50,"end":61,"kind":"phone","digits":"0521234567"}]"#)
    }

    @Test func numbersAreAPureFunctionOfTheText() {
        #expect(TextStage.numbers(in: "קח שלושה כדורים", language: "he").map(\.kind) == [.count])
        #expect(TextStage.numbers(in: "שלום", language: "he").isEmpty)
    }
}

/// The settings table: every `OZEN_*` knob, with what it means, the values it takes and its
/// default. docs/settings.md is `markdownTable`.
extension Knob {
    /// Every knob `ozen` reads, in the table's order.
    public static let all: [Knob] = [
        home, catalogue, web, apiKey, secondPassToken,
        threads, liveThreads, audioContextMargin, finalMargin, noCorrections, correctBelow, correctContext, finalBeam, voiceThreshold,
        pause, linePause, finalAfterQuiet, leadIn, tail, passGap, passCostFactor, livePassesHold,
        audioDebug,
    ]

    /// The knob called `name`, nil when there is none.
    public static func named(_ name: String) -> Knob? { all.first { $0.name == name } }

    /// The table in Markdown: name | meaning | range | default, one row a knob.
    public static var markdownTable: String {
        func cell(_ text: String) -> String { text.replacingOccurrences(of: "|", with: "\\|") }
        var lines = ["| name | meaning | range | default |", "| --- | --- | --- | --- |"]
        for knob in all {
            lines.append("| `\(knob.name)` | \(cell(knob.meaning)) | \(cell(knob.range)) | \(cell(knob.defaultValue)) |")
        }
        return lines.joined(separator: "\n") + "\n"
    }
}

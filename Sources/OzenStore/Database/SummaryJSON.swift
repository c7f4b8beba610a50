import Foundation

/// The stored JSON of a conversation's summary, rewritten with every saved line.
///
/// Encoding the whole summary each time cost more the longer the conversation ran: its
/// number lines (one line in eight has a time, an amount or a phone number) are most of it,
/// and encoding took 0.27 ms a line at p50 and 0.55 ms by line 1,000, a quarter to a half
/// of saving a line (`ozen bench history`). Number lines are only ever added at the end, so
/// this keeps each one's JSON from the line that added it and encodes only the rest of the
/// summary again: 0.04 ms at p50 and at line 1,000 (saving a line p50 1.0 → 0.75 ms). The
/// result is the same JSON, read back by `JSONDecoder` as before.
struct SummaryJSON {
    private let encoder = JSONEncoder()
    /// The JSON of `summary.numberLines[0..<count]`, comma-separated, and the last of them,
    /// to check that the summary being encoded is the one they came from.
    private var numberLines = ""
    private var count = 0
    private var last: ConversationSummary.NumberLine?

    /// The key the spliced number lines replace: with the quotes unescaped it can only be
    /// the key itself (a quote inside any string value is written `\"`).
    private static let emptyNumberLines = #""numberLines":[]"#

    mutating func encode(_ summary: ConversationSummary) throws -> String {
        let lines = summary.numberLines
        if lines.count < count || (count > 0 && lines[count - 1] != last) {
            numberLines = ""; count = 0; last = nil
        }
        for line in lines[count...] {
            if count > 0 { numberLines += "," }
            numberLines += String(decoding: try encoder.encode(line), as: UTF8.self)
            count += 1
            last = line
        }
        var rest = summary
        rest.numberLines = []
        let json = String(decoding: try encoder.encode(rest), as: UTF8.self)
        guard let key = json.range(of: Self.emptyNumberLines) else { return String(decoding: try encoder.encode(summary), as: UTF8.self) }
        return json.replacingCharacters(in: key, with: #""numberLines":["# + numberLines + "]")
    }
}

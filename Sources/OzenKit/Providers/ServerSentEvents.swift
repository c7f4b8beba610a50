/// Reads a `text/event-stream` as it arrives, in pieces of any size: OpenAI-compatible chat
/// completions stream `data: {…chunk…}` events and end with `data: [DONE]`.
///
/// What real servers send (docs/findings.md, "Streamed chat completions"): comment lines
/// (`: keep-alive`, OpenRouter's `: OPENROUTER PROCESSING`) are skipped; a line cut across two
/// reads is kept until its end comes; LF and CRLF both end a line; an event's several `data:`
/// lines are joined with "\n"; a blank line ends the event; other fields (`event:`, `id:`,
/// `retry:`) are ignored.
public struct ServerSentEvents: Sendable {
    private var pending: [UInt8] = []
    private var data: [String] = []
    private var sawData = false
    /// `data: [DONE]` came: the stream is over.
    public private(set) var done = false

    public init() {}

    /// The data of every event that ended inside `bytes` (and earlier pieces).
    public mutating func feed(_ bytes: [UInt8]) -> [String] {
        pending += bytes
        var events: [String] = []
        var lineStart = 0
        var index = 0
        while index < pending.count {
            if pending[index] == UInt8(ascii: "\n") {
                var end = index
                if end > lineStart, pending[end - 1] == UInt8(ascii: "\r") { end -= 1 }
                if let event = line(String(decoding: pending[lineStart..<end], as: UTF8.self)) { events.append(event) }
                lineStart = index + 1
            }
            index += 1
        }
        pending.removeFirst(lineStart)
        return events
    }

    /// The stream closed: an event that was not ended by a blank line still counts.
    public mutating func finish() -> [String] {
        var events = feed([UInt8(ascii: "\n")])
        if sawData, let last = line("") { events.append(last) }
        return events
    }

    private mutating func line(_ text: String) -> String? {
        if text.isEmpty {
            guard sawData else { return nil }
            let event = data.joined(separator: "\n")
            data = []
            sawData = false
            if event == "[DONE]" { done = true; return nil }
            return event
        }
        if text.hasPrefix(":") { return nil }
        let field: Substring, value: Substring
        if let colon = text.firstIndex(of: ":") {
            field = text[..<colon]
            var rest = text[text.index(after: colon)...]
            if rest.hasPrefix(" ") { rest = rest.dropFirst() }
            value = rest
        } else {
            field = Substring(text)
            value = ""
        }
        if field == "data" {
            data.append(String(value))
            sawData = true
        }
        return nil
    }
}

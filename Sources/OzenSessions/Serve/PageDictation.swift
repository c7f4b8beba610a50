import Foundation
import OzenIO
import OzenKit

/// Dictation for the page's panel (and any protocol client): a take streamed over protocol v1
/// with purpose "dictation" is captioned as it is spoken, like `ozen dictate`'s takes, and at
/// its end (the client's `end`, the 60 s limit, or the client gone) its text is polished,
/// saved in the history and sent back as one message:
///
///     {"type":"dictation","raw":"…","text":"…","polish":"local","note":null,"seconds":12.3,"cut_at_60_s":false}
///
/// The take is saved before it is sent, so a phone that lost its Wi-Fi mid-take still finds it
/// in `ozen history` / `ozen dictate last`. `POST /api/dictation/insert` puts a take's text at this
/// computer's cursor, through the same path as `ozen dictate insert`.
struct PageDictation: Sendable {
    let home: OzenHome
    let polisher: DictationPolisher
    let saves: Bool
    let pairing: PairingToken?
    /// How the insert button puts text at the cursor (`ozen serve --dictation-insert`).
    let insertion: TextInserter.Method

    /// The take's text, polished and saved; the message for the client.
    func finish(lines: [String], seconds: Double, cut: Bool, language: SpokenLanguage) -> JSONValue {
        let raw = DictationText.stitched(lines)
        let result = polisher.polish(raw, language: language.rawValue)
        var note = result.note
        if saves, !raw.isEmpty, let problem = DictationHistory.save(raw: raw, polished: result, language: language, seconds: seconds, home: home) {
            note = problem
        }
        return .object([("type", .string("dictation")), ("raw", .string(raw)), ("text", .string(result.text)),
                        ("polish", .string(result.polish)), ("note", note.map(JSONValue.string) ?? .null),
                        ("seconds", .number(seconds, decimals: 2)), ("cut_at_60_s", .bool(cut))])
    }

    /// `POST /api/dictation/insert` with `{"text":"…"}`: the text at this computer's cursor.
    func answer(_ request: HTTPRequest) -> HTTPResponse {
        guard request.path == "/api/dictation/insert" else { return HistoryAPI.problem(404, "no such page: \(request.path)") }
        guard request.method == "POST" else { return HistoryAPI.problem(405, "use POST") }
        if let refusal = HistoryAPI.unpaired(request, pairing) { return refusal }
        guard let object = try? JSONSerialization.jsonObject(with: Data(request.body)) as? [String: Any],
              let text = object["text"] as? String else {
            return HistoryAPI.problem(400, #"send {"text":"…"} as JSON"#)
        }
        guard !text.trimmingCharacters(in: .whitespacesAndNewlines).isEmpty else { return HistoryAPI.problem(400, "there is no text to insert") }
        do {
            switch try TextInserter().insert(text, method: insertion) {
            case .inserted, .printed:
                return .json(JSONValue.object([("inserted", .bool(true))]).serialized())
            case .onClipboard(let reason):
                return .json(JSONValue.object([("inserted", .bool(false)), ("on_clipboard", .bool(true)),
                                               ("detail", .string(reason ?? tr("הטקסט בלוח", "the text is on the clipboard")))]).serialized())
            }
        } catch {
            return HistoryAPI.problem(500, String(describing: error))
        }
    }
}

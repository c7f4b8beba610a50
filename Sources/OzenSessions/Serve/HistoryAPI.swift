import Foundation
import OzenIO
import OzenKit
import OzenStore

/// The display page's window on the saved conversations, as JSON over HTTP:
///
///     GET /api/conversations            newest first (`?limit=`, `?offset=`)
///     GET /api/conversations/ID         one conversation's lines
///     GET /api/search?q=WORDS           lines that contain the words
///
/// Each request opens the history on its own (SQLite in WAL mode lets readers run beside the
/// recorder). With --lan a request must bring the pairing token (`Authorization: Bearer …`).
struct HistoryAPI: Sendable {
    let home: OzenHome
    let pairing: PairingToken?

    func answer(_ request: HTTPRequest) -> HTTPResponse {
        guard request.method == "GET" else { return Self.problem(405, "only GET is served here") }
        if let refusal = Self.unpaired(request, pairing) { return refusal }
        let path = HistoryStore.path(in: home)
        guard FileManager.default.fileExists(atPath: path) else {
            return request.path == "/api/conversations" ? .json(#"{"conversations":[]}"#) : Self.problem(404, "nothing is saved yet")
        }
        do {
            let store = try HistoryStore(path: path)
            let parts = request.path.split(separator: "/").map(String.init)
            switch parts {
            case ["api", "conversations"]:
                let limit = min(max(Int(request.query["limit"] ?? "") ?? 50, 1), 500)
                let offset = max(Int(request.query["offset"] ?? "") ?? 0, 0)
                let list = try store.conversations(limit: limit, offset: offset)
                return .json(JSONValue.object([("conversations", .array(list.map(Self.listing)))]).serialized())
            case let p where p.count == 3 && p[0] == "api" && p[1] == "conversations":
                guard let id = Int64(p[2]) else { return Self.problem(400, "a conversation id is a number") }
                let conversation = try store.conversation(id)
                let lines = try store.lines(of: id)
                // The list's line count is left out here: `lines` is the lines themselves.
                let fields = Self.listingFields(conversation).filter { $0.0 != "lines" }
                return .json(JSONValue.object(fields + [("lines", .array(lines.map(Self.line)))]).serialized())
            case ["api", "search"]:
                let words = request.query["q"]?.trimmingCharacters(in: .whitespaces) ?? ""
                guard !words.isEmpty else { return Self.problem(400, "search needs words: /api/search?q=…") }
                let found = try store.search(words, limit: 50)
                return .json(JSONValue.object([
                    ("total", .int(found.total)),
                    ("results", .array(found.results.map { result in
                        .object([("conversation", .int(Int(result.conversation.id))), ("line", .int(result.line.number)),
                                 ("text", .string(result.line.shownText)), ("speaker", result.line.speaker.map(JSONValue.string) ?? .null),
                                 ("started", .string(CaptionEvent.clockTime(result.conversation.startedAt)))])
                    })),
                ]).serialized())
            default:
                return Self.problem(404, "no such page: \(request.path)")
            }
        } catch let error as HistoryLookupError {
            return Self.problem(404, error.description)
        } catch {
            return Self.problem(500, String(describing: error))
        }
    }

    static func listingFields(_ c: ConversationListing) -> [(String, JSONValue)] {
        [("id", .int(Int(c.id))), ("started", .string(CaptionEvent.clockTime(c.startedAt))),
         ("title", c.title.map(JSONValue.string) ?? .string(c.preview)), ("lines", .int(c.lineCount)),
         ("starred", .int(c.starCount)), ("language", .string(c.language))]
    }

    static func listing(_ c: ConversationListing) -> JSONValue { .object(listingFields(c)) }

    static func line(_ l: SavedLine) -> JSONValue {
        .object([("id", .int(l.number)), ("text", .string(l.shownText)), ("speaker", l.speaker.map(JSONValue.string) ?? .null),
                 ("start", .number(l.start, decimals: 3)), ("end", .number(l.end, decimals: 3)),
                 ("starred", .bool(l.starred)), ("uncertain", .bool(l.uncertain)), ("language", .string(l.language)),
                 ("direction", .string(TextDirection(language: l.language, text: l.shownText).rawValue))]
                + (l.source.map { [("from", JSONValue.string($0.rawValue))] } ?? []))
    }

    /// The page's APIs' one pairing check: with --lan, a request without the token is refused.
    static func unpaired(_ request: HTTPRequest, _ pairing: PairingToken?) -> HTTPResponse? {
        guard let pairing, !pairing.matches(request.bearerToken) else { return nil }
        return problem(401, "pairing needed: open the address `ozen serve --lan` printed")
    }

    static func problem(_ status: Int, _ detail: String) -> HTTPResponse {
        .json(JSONValue.object([("error", .string(detail))]).serialized(), status: status)
    }
}

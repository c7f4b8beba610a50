import Foundation
import OzenIO
import OzenKit

/// The page's first-run question:
///
///     GET  /api/first-run                  {"ask": true|false, "name": …}
///     POST /api/first-run  {"name":"…"}    her name: the name alert and the top of the names list
///     POST /api/first-run  {"name":null}   "not now", not asked again
///
/// With --lan the pairing token is needed, as for the history.
struct FirstRunAPI: Sendable {
    let home: OzenHome
    let pairing: PairingToken?

    func answer(_ request: HTTPRequest) -> HTTPResponse {
        guard request.path == "/api/first-run" else { return HistoryAPI.problem(404, "no such page: \(request.path)") }
        if let refusal = HistoryAPI.unpaired(request, pairing) { return refusal }
        switch request.method {
        case "GET":
            return .json(JSONValue.object([("ask", .bool(FirstRun.shouldAsk(in: home))),
                                           ("name", HerName.load(in: home).map(JSONValue.string) ?? .null)]).serialized())
        case "POST":
            guard let object = try? JSONSerialization.jsonObject(with: Data(request.body)) as? [String: Any], object.keys.contains("name") else {
                return HistoryAPI.problem(400, #"send {"name":"…"} or {"name":null} as JSON"#)
            }
            let name = object["name"] as? String
            guard name.map({ $0.count <= 80 }) ?? true else { return HistoryAPI.problem(400, "a name is at most 80 characters") }
            do { try FirstRun.answer(name, in: home) } catch { return HistoryAPI.problem(500, String(describing: error)) }
            return .json(JSONValue.object([("ask", .bool(false)), ("name", HerName.load(in: home).map(JSONValue.string) ?? .null)]).serialized())
        default:
            return HistoryAPI.problem(405, "use GET or POST")
        }
    }
}

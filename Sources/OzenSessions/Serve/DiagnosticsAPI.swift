import Foundation
import OzenIO
import OzenKit

/// `GET /api/diagnostics` (`?with_text=1` to add the last lines): the same report as
/// `ozen diagnostics --json`, for the page's "Copy diagnostics" button. With --lan the request
/// must bring the pairing token, like the history.
struct DiagnosticsAPI: Sendable {
    let home: OzenHome
    let pairing: PairingToken?

    func answer(_ request: HTTPRequest) -> HTTPResponse {
        guard request.path == "/api/diagnostics" else { return HistoryAPI.problem(404, "no such page: \(request.path)") }
        guard request.method == "GET" else { return HistoryAPI.problem(405, "only GET is served here") }
        if let refusal = HistoryAPI.unpaired(request, pairing) { return refusal }
        let report = DiagnosticsReport.make(home: home, withText: request.query["with_text"] == "1")
        guard let data = try? JSONSerialization.data(withJSONObject: report, options: [.sortedKeys, .prettyPrinted]) else {
            return HistoryAPI.problem(500, "the report could not be written")
        }
        return .json(String(decoding: data, as: UTF8.self))
    }
}

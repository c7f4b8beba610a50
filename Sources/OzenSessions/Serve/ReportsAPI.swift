import Foundation
import OzenIO
import OzenKit

/// `GET /api/reports`: the problem reports the phone app sent (`AppReports`), newest first, for
/// the page's Settings: names, sizes, times and client lines, never their words. With --lan
/// the request must bring the pairing token, like the history.
struct ReportsAPI: Sendable {
    let reports: AppReports
    let pairing: PairingToken?

    func answer(_ request: HTTPRequest) -> HTTPResponse {
        guard request.path == "/api/reports" else { return HistoryAPI.problem(404, "no such page: \(request.path)") }
        guard request.method == "GET" else { return HistoryAPI.problem(405, "only GET is served here") }
        if let refusal = HistoryAPI.unpaired(request, pairing) { return refusal }
        let listing: [String: Any] = ["kept": AppReports.kept, "reports": reports.list().map(AppReports.json)]
        guard let data = try? JSONSerialization.data(withJSONObject: listing, options: [.sortedKeys]) else {
            return HistoryAPI.problem(500, "the list could not be written")
        }
        return .json(String(decoding: data, as: UTF8.self))
    }
}

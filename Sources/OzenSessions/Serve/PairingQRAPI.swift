import Foundation
import OzenIO
import OzenKit

/// `GET /api/pairing/qr.svg`: the phone app's pairing QR code for the page's Settings, the
/// same one the terminal shows. It carries the pairing token, so it answers only a request
/// that brings the token already (the page opened from the printed address, on this computer
/// or a paired tablet), like the history; without `--lan` there is no pairing and no code.
struct PairingQRAPI: Sendable {
    let invitation: PairingInvitationBox
    let pairing: PairingToken?

    func answer(_ request: HTTPRequest) -> HTTPResponse {
        guard request.path == "/api/pairing/qr.svg" else { return HistoryAPI.problem(404, "no such page: \(request.path)") }
        guard request.method == "GET" else { return HistoryAPI.problem(405, "only GET is served here") }
        guard pairing != nil else {
            return HistoryAPI.problem(404, "no pairing without --lan: start `ozen serve --lan` to pair the phone app")
        }
        if let refusal = HistoryAPI.unpaired(request, pairing) { return refusal }
        guard let invitation = invitation.current else {
            return HistoryAPI.problem(409, "this computer has no private address the app takes over ws://; start with --address wss://NAME")
        }
        return HTTPResponse(contentType: "image/svg+xml", body: Array(QRSVG.document(invitation.matrix).utf8))
    }
}

import Foundation
import Synchronization
import OzenIO
import OzenKit

/// What `ozen serve --lan` offers the phone app to pair: the `ozen://pair?…` link with this
/// computer's address and the pairing token, and its QR code, made once the port is known.
/// The terminal shows it at the start; the page's Settings fetch it (`PairingQRAPI`).
struct PairingInvitation: Sendable {
    let link: PairingLink
    let matrix: QRMatrix

    init(address: PairingAddress, token: PairingToken) throws {
        link = try PairingLink(address: address, code: token.value)
        matrix = try QREncoder.matrix(for: link.text)
    }

    /// The address the app should use: `--address` if given, else the one this server listens
    /// on if the app would take it, else this computer's best private address (home network,
    /// then tailnet, then link-local); nil when it has none the app takes over `ws://`.
    static func address(given: PairingAddress?, listening: ListenAddress, port: Int) -> PairingAddress? {
        if let given { return given }
        let candidates = listening.host == "0.0.0.0" ? NetworkAddresses.localNetwork() : [listening.host]
        let best = candidates.compactMap { host in PairingAddress.preference(host).map { (host, $0) } }
            .min { $0.1 < $1.1 }?.0
        return best.flatMap { try? PairingAddress(scheme: .ws, host: $0, port: port) }
    }

    /// The lines the terminal shows: how to use it, the code (colours on a terminal), the link.
    func terminalLines(colours: Bool) -> [String] {
        [tr("ozen: או סרקו את הקוד באפליקציית Ozen (הגדרות ← צימוד):",
            "ozen: or scan this code with the Ozen app (Settings → Pair):")]
            + QRTerminalText.lines(matrix, colours: colours)
            + ["  " + link.text]
    }
}

/// The invitation, kept for the page's requests once the server knows its port.
final class PairingInvitationBox: Sendable {
    private let invitation = Mutex<PairingInvitation?>(nil)

    var current: PairingInvitation? { invitation.withLock { $0 } }

    func set(_ invitation: PairingInvitation?) { self.invitation.withLock { $0 = invitation } }
}

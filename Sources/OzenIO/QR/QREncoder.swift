import CQREncode
import Foundation
import OzenKit

/// Text into a QR code's modules, by Debian's libqrencode: the smallest version that holds the
/// text at error correction level M (a code shown on a screen loses little to damage, and
/// smaller modules are easier to scan from a phone held at arm's length).
public enum QREncoder {
    public static func matrix(for text: String) throws -> QRMatrix {
        guard let code = QRcode_encodeString(text, 0, QR_ECLEVEL_M, QR_MODE_8, 1) else {
            throw QREncoderError(characters: text.count, reason: String(cString: strerror(errno)))
        }
        defer { QRcode_free(code) }
        let size = Int(code.pointee.width)
        // Bit 0 of each byte is the module's colour (1: dark); the other bits say what it is for.
        let modules = (0..<(size * size)).map { code.pointee.data[$0] & 1 == 1 }
        return QRMatrix(size: size, modules: modules)
    }
}

public struct QREncoderError: Error, CustomStringConvertible {
    public var characters: Int
    public var reason: String
    public var description: String {
        tr("לא ניתן ליצור קוד QR ל־\(characters) תווים: \(reason)", "no QR code could be made of \(characters) characters: \(reason)")
    }
}

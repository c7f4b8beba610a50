/// The link the Ozen phone app scans to pair with this computer:
/// `ozen://pair?address=ws://192.168.1.20:8765&code=TOKEN`.
///
/// Built and read here with the app's own checks (the address's, in `PairingAddress`; a code
/// of 1 to 200 characters without spaces), so a QR code of `text` is one the app accepts.
public struct PairingLink: Sendable, Equatable, CustomStringConvertible {
    /// The longest code the app takes.
    public static let longestCode = 200

    public let address: PairingAddress
    /// What the app sends as its pairing token: `ozen serve`'s `PairingToken`.
    public let code: String

    public init(address: PairingAddress, code: String) throws {
        guard !code.isEmpty else { throw PairingLinkError.noCode }
        guard code.count <= Self.longestCode else { throw PairingLinkError.codeTooLong(code.count) }
        guard !code.contains(where: \.isWhitespace) else { throw PairingLinkError.codeHasSpaces }
        self.address = address
        self.code = code
    }

    /// The link, its values escaped where a query needs it (a hex code and an address need nothing).
    public var text: String {
        "ozen://pair?address=\(Self.escaped(address.description))&code=\(Self.escaped(code))"
    }

    public var description: String { text }

    /// Reads a scanned link as the app does: `ozen://pair`, both values present, each checked.
    public static func parse(_ link: String) throws -> PairingLink {
        let prefix = "ozen://pair?"
        guard link.hasPrefix(prefix) else { throw PairingLinkError.notAPairingLink }
        var values: [String: String] = [:]
        for pair in link.dropFirst(prefix.count).split(separator: "&") {
            let parts = pair.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
            guard parts.count == 2, let value = unescaped(parts[1]) else { throw PairingLinkError.notAPairingLink }
            values[String(parts[0])] = value
        }
        guard let address = values["address"] else { throw PairingLinkError.noHost }
        guard let code = values["code"] else { throw PairingLinkError.noCode }
        return try PairingLink(address: PairingAddress(parsing: address), code: code)
    }

    /// Letters, digits and `-._~:/` as they are; every other byte as %XX.
    static func escaped(_ value: String) -> String {
        var out = ""
        for byte in value.utf8 {
            let c = Character(Unicode.Scalar(byte))
            if byte < 0x80, c.isLetter || c.isNumber || "-._~:/[]".contains(c) {
                out.append(c)
            } else {
                out += "%" + String(byte, radix: 16, uppercase: true).leftPadded(to: 2)
            }
        }
        return out
    }

    static func unescaped(_ value: Substring) -> String? {
        var bytes: [UInt8] = []
        var i = value.utf8.startIndex
        let utf8 = value.utf8
        while i < utf8.endIndex {
            if utf8[i] == UInt8(ascii: "%") {
                let hi = utf8.index(after: i)
                guard hi < utf8.endIndex else { return nil }
                let lo = utf8.index(after: hi)
                guard lo < utf8.endIndex,
                      let byte = UInt8(String(decoding: [utf8[hi], utf8[lo]], as: UTF8.self), radix: 16) else { return nil }
                bytes.append(byte)
                i = utf8.index(after: lo)
            } else {
                bytes.append(utf8[i])
                i = utf8.index(after: i)
            }
        }
        return String(validating: bytes, as: UTF8.self)
    }
}

private extension String {
    func leftPadded(to width: Int) -> String { String(repeating: "0", count: max(0, width - count)) + self }
}

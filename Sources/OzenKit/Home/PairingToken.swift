import Foundation

/// The secret a tablet or phone must bring when `ozen serve --lan` lets the local network in.
///
/// Made once from 32 random bytes (64 hex digits) and kept in `$OZEN_HOME/pairing-token` with
/// rights 0600; compared in constant time, so how long a refusal takes says nothing about
/// how much of a guess was right. Never logged: it is printed once, in the pairing address.
public struct PairingToken: Sendable, Equatable {
    public let value: String

    public init(value: String) { self.value = value }

    public static func path(in home: OzenHome) -> String { home.path + "/pairing-token" }

    /// A new random token.
    public static func generate() -> PairingToken {
        var generator = SystemRandomNumberGenerator()
        let bytes = (0..<32).map { _ in UInt8.random(in: 0...255, using: &generator) }
        return PairingToken(value: bytes.map { String(format: "%02x", $0) }.joined())
    }

    /// The token kept in the home, made and saved (0600) the first time.
    public static func loadOrCreate(in home: OzenHome) throws -> PairingToken {
        let path = path(in: home)
        if let text = try? String(contentsOfFile: path, encoding: .utf8) {
            let value = text.trimmingCharacters(in: .whitespacesAndNewlines)
            if value.count >= 32 { return PairingToken(value: value) }
        }
        let token = generate()
        try FileManager.default.createDirectory(atPath: home.path, withIntermediateDirectories: true)
        let temporary = path + ".new"
        guard FileManager.default.createFile(atPath: temporary, contents: Data((token.value + "\n").utf8),
                                             attributes: [.posixPermissions: 0o600]) else {
            throw PairingTokenNotSaved(path: path)
        }
        guard rename(temporary, path) == 0 else { throw PairingTokenNotSaved(path: path) }
        return token
    }

    /// Whether `candidate` is this token, in time that depends only on the lengths.
    public func matches(_ candidate: String?) -> Bool {
        guard let candidate else { return false }
        let a = Array(value.utf8), b = Array(candidate.utf8)
        var difference = UInt8(a.count == b.count ? 0 : 1)
        for i in 0..<max(a.count, b.count) {
            difference |= (i < a.count ? a[i] : 0) ^ (i < b.count ? b[i] : 0)
        }
        return difference == 0
    }
}

public struct PairingTokenNotSaved: Error, CustomStringConvertible {
    public var path: String
    public var description: String {
        tr("לא ניתן לשמור את קוד הצימוד ב־\(path) — בדקו שהתיקייה ניתנת לכתיבה ושיש מקום בדיסק",
           "could not save the pairing token to \(path) — check the folder is writable and the disk has space")
    }
}

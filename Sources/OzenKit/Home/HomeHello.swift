import Foundation

/// The first message of a home-protocol connection (v1): who is calling and what for.
///
///     {"type":"hello","version":1,"token":"…","language":"he","vocabulary":["…"],"purpose":"captions"}
///
/// `language` defaults to Hebrew as on Ozen's own server; `purpose` "check" only tests the
/// connection and the token, "captions" streams audio, "dictation" streams one dictation take
/// (at most `HomeConnection.longestTakeSeconds`; its text comes back as a `dictation` message),
/// and "display" (the browser page) follows this computer's own captions.
public struct HomeHello: Sendable, Equatable {
    public enum Purpose: String, Sendable {
        case check, captions, dictation, display

        /// Whether the client streams audio after its hello.
        public var streamsAudio: Bool { self == .captions || self == .dictation }
    }

    public var version: Int
    public var token: String?
    public var language: SpokenLanguage
    public var vocabulary: [String]
    public var purpose: Purpose

    /// Why a first message is not a usable hello. `unauthorized` is kept for a message that is
    /// JSON but not a hello, as the phone app expects from Ozen's own server.
    public enum Problem: Error, Equatable {
        case badRequest(String)
        case unauthorized
    }

    public static func parse(_ text: String) -> Result<HomeHello, Problem> {
        guard let data = text.data(using: .utf8),
              let object = try? JSONSerialization.jsonObject(with: data) as? [String: Any] else {
            return .failure(.badRequest("hello expected"))
        }
        guard object["type"] as? String == "hello" else { return .failure(.unauthorized) }
        let version = (object["version"] as? NSNumber)?.intValue ?? 1
        guard version == 1 else { return .failure(.badRequest("protocol version \(version) is not supported; this server speaks version 1")) }
        let languageCode = object["language"] as? String ?? "he"
        guard let language = SpokenLanguage(rawValue: languageCode) else {
            return .failure(.badRequest("unknown language '\(languageCode)'; use he, en, sv or auto"))
        }
        let purposeName = object["purpose"] as? String ?? "captions"
        guard let purpose = Purpose(rawValue: purposeName) else {
            return .failure(.badRequest("unknown purpose '\(purposeName)'; use check, captions, dictation or display"))
        }
        let vocabulary = (object["vocabulary"] as? [Any])?.compactMap { $0 as? String } ?? []
        return .success(HomeHello(version: version, token: object["token"] as? String, language: language,
                                  vocabulary: vocabulary, purpose: purpose))
    }
}

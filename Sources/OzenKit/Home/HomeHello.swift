import Foundation

/// The first message of a home-protocol connection (v1): who is calling and what for.
///
///     {"type":"hello","version":1,"token":"…","language":"he","vocabulary":["…"],"purpose":"captions",
///      "client":"Ozen 1.4 (57), iOS 18.2","beam":5}
///
/// `language` defaults to Hebrew as on Ozen's own server; `purpose` "check" only tests the
/// connection and the token, "captions" streams audio, "dictation" streams one dictation take
/// (at most `HomeConnection.longestTakeSeconds`; its text comes back as a `dictation` message),
/// "display" (the browser page) follows this computer's own captions, and "report" sends one
/// problem report from the app. `client` names the app's build and system, for the server's
/// log and the top of a report; `beam` (1–10) is the final pass's beam for this stream only.
public struct HomeHello: Sendable, Equatable {
    public enum Purpose: String, Sendable {
        case check, captions, dictation, display, report

        /// Whether the client streams audio after its hello.
        public var streamsAudio: Bool { self == .captions || self == .dictation }
    }

    public var version: Int
    public var token: String?
    public var language: SpokenLanguage
    public var vocabulary: [String]
    public var purpose: Purpose
    /// The app's build and system as it says them, on one line (at most `longestClient` characters); nil when not given.
    public var client: String?
    /// The final-pass beam asked for this stream (1–10), or nil: the server's own.
    public var beam: Int?
    /// Why no beam was taken (none asked, or one outside 1–10), for the server's log; nil when one was.
    public var beamNote: String?

    public static let longestClient = 200
    public static let beams = 1...10

    public init(version: Int = 1, token: String? = nil, language: SpokenLanguage = .default, vocabulary: [String] = [],
                purpose: Purpose = .captions, client: String? = nil, beam: Int? = nil, beamNote: String? = nil) {
        self.version = version
        self.token = token
        self.language = language
        self.vocabulary = vocabulary
        self.purpose = purpose
        self.client = client
        self.beam = beam
        self.beamNote = beamNote
    }

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
            return .failure(.badRequest("unknown purpose '\(purposeName)'; use check, captions, dictation, display or report"))
        }
        let vocabulary = (object["vocabulary"] as? [Any])?.compactMap { $0 as? String } ?? []
        let (beam, beamNote) = Self.beam(object["beam"])
        return .success(HomeHello(version: version, token: object["token"] as? String, language: language,
                                  vocabulary: vocabulary, purpose: purpose, client: Self.oneLine(object["client"] as? String),
                                  beam: beam, beamNote: beamNote))
    }

    /// The beam asked for, if it is a whole number in 1–10; otherwise why none is taken.
    static func beam(_ value: Any?) -> (Int?, String?) {
        guard let value else { return (nil, "no beam asked; the server's own final beam is used") }
        if let number = value as? NSNumber, let beam = Int(exactly: number.doubleValue), beams.contains(beam) {
            return (beam, nil)
        }
        return (nil, "beam \(value) ignored: a whole number from \(beams.lowerBound) to \(beams.upperBound) is taken")
    }

    /// A client's words as one printable line, cut to `longestClient` characters; nil when empty.
    static func oneLine(_ text: String?) -> String? {
        guard let text else { return nil }
        let printable = String(String.UnicodeScalarView(text.unicodeScalars.map {
            CharacterSet.controlCharacters.contains($0) || $0 == "\u{2028}" || $0 == "\u{2029}" ? " " : $0
        })).trimmingCharacters(in: .whitespaces)
        return printable.isEmpty ? nil : String(printable.prefix(longestClient))
    }
}

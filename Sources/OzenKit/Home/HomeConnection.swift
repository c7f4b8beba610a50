import Foundation

/// One home-protocol (v1) connection as a state machine: frames in, actions out. The server
/// carries the actions out; this type decides them, so the rules the phone app relies on are
/// tested without a network:
///
/// - The first frame must be a JSON hello. No hello, non-JSON, a list or a binary first frame →
///   `bad_request` "hello expected" and close (1000); JSON that is not a hello, or a missing or
///   wrong token where pairing is needed → `unauthorized` and close. A hello that does not come
///   within `helloSeconds` is treated as no hello.
/// - A good hello gets `ready` at once, before any audio.
/// - Then binary frames are audio (PCM16 LE 16 kHz mono); `vocabulary` replaces the words list;
///   `end` finishes the open utterance, after which every frame is ignored. Unknown types and
///   non-JSON text are ignored, so a newer client does not break an older server.
/// - The display page may also ask to star a line or to say a sentence aloud.
/// - A report connection sends one `{"type":"report","text":"…"}` (at most `maximumReportBytes`
///   of text); anything else, an empty text or a larger one is a `bad_request`, and nothing is saved.
/// - A dictation take ends by itself after `longestTakeSeconds` of audio, as if the client had
///   said `end`: the audio up to the limit is kept, the client is told (`status` `take_limit`),
///   and what comes after is ignored.
public struct HomeConnection: Sendable {
    /// Ozen's own server waits 10 s for the hello.
    public static let helloSeconds = 10.0
    /// A dictation take is at most 60 s, as on the phone's keyboard (`ozen dictate` too).
    public static let longestTakeSeconds = 60.0

    public enum Phase: Sendable, Equatable { case awaitingHello, open(HomeHello), ended, closed }

    public enum Action: Sendable, Equatable {
        case send(JSONValue)
        case close(code: Int)
        /// A good hello: start what it asks for.
        case begin(HomeHello)
        case audio([Float])
        case vocabulary([String])
        /// The client said `end`: finish the open utterance, send it, then close.
        case end
        case star(lineID: Int, starred: Bool)
        case say(String)
        /// A report's text, to save and answer `report_saved`; then close.
        case report(String)
    }

    public private(set) var phase: Phase = .awaitingHello
    let pairing: PairingToken?
    let model: String
    private var pcm = PCM16Stream()
    /// Samples of the dictation take received so far.
    private var takeSamples = 0

    /// `pairing`: the token every hello must bring, or nil on a server only this computer can reach.
    public init(pairing: PairingToken?, model: String) {
        self.pairing = pairing
        self.model = model
    }

    /// The largest audio frame taken: 10 s of PCM16 (the phone sends 100 ms frames).
    public static let maximumAudioFrameBytes = 320_000
    /// The largest text message taken (a long words list fits many times over).
    public static let maximumTextBytes = 65_536
    /// The largest report text taken (UTF-8 bytes): a long log with room to spare. Its message
    /// may be up to the server's 4 MiB, since JSON escapes make it longer than its text.
    public static let maximumReportBytes = 1_000_000
    public static let maximumReportMessageBytes = 4 << 20

    public mutating func receive(text: String) -> [Action] {
        var largest = Self.maximumTextBytes
        if case .open(let hello) = phase, hello.purpose == .report { largest = Self.maximumReportMessageBytes }
        guard text.utf8.count <= largest, phase != .closed else {
            return phase == .closed ? [] : refuse(.badRequest, "a text message of \(text.utf8.count) bytes; at most \(largest) are taken")
        }
        switch phase {
        case .awaitingHello:
            switch HomeHello.parse(text) {
            case .failure(.badRequest(let detail)): return refuse(.badRequest, detail)
            case .failure(.unauthorized): return refuse(.unauthorized, "")
            case .success(let hello):
                if let pairing, !pairing.matches(hello.token) { return refuse(.unauthorized, "") }
                phase = .open(hello)
                return [.send(HomeMessage.ready(model: model).json), .begin(hello)]
            }
        case .open(let hello) where hello.purpose == .report:
            return report(text)
        case .open(let hello):
            guard let data = text.data(using: .utf8),
                  let object = try? JSONSerialization.jsonObject(with: data) as? [String: Any] else { return [] }
            switch object["type"] as? String {
            case "vocabulary":
                return [.vocabulary((object["terms"] as? [Any])?.compactMap { $0 as? String } ?? [])]
            case "end":
                phase = .ended
                return [.end]
            case "star" where hello.purpose == .display:
                guard let id = (object["id"] as? NSNumber)?.intValue else { return [] }
                return [.star(lineID: id, starred: (object["starred"] as? Bool) ?? true)]
            case "say" where hello.purpose == .display:
                guard let sentence = object["text"] as? String,
                      !sentence.trimmingCharacters(in: .whitespacesAndNewlines).isEmpty else { return [] }
                return [.say(sentence)]
            default:
                return []
            }
        case .ended, .closed:
            return []
        }
    }

    public mutating func receive(binary bytes: [UInt8]) -> [Action] {
        if bytes.count > Self.maximumAudioFrameBytes, phase != .closed, phase != .ended {
            return refuse(.badRequest, "an audio frame of \(bytes.count) bytes; at most \(Self.maximumAudioFrameBytes) (10 s) are taken, 100 ms frames are best")
        }
        switch phase {
        case .awaitingHello: return refuse(.badRequest, "hello expected")
        case .open(let hello) where hello.purpose == .report: return refuse(.badRequest, Self.reportExpected)
        case .open(let hello) where hello.purpose == .captions:
            let samples = pcm.samples(from: bytes)
            return samples.isEmpty ? [] : [.audio(samples)]
        case .open(let hello) where hello.purpose == .dictation:
            let samples = pcm.samples(from: bytes)
            let room = Int(Self.longestTakeSeconds * Double(MonoAudio.speechRate)) - takeSamples
            guard samples.count >= room else {
                takeSamples += samples.count
                return samples.isEmpty ? [] : [.audio(samples)]
            }
            takeSamples += room
            phase = .ended
            let limit = HomeMessage.status(state: "take_limit", detail: tr(
                "ההכתבה הגיעה ל־60 שניות ונגמרה מעצמה", "the take reached 60 s and ended by itself"))
            return (room > 0 ? [.audio(Array(samples.prefix(room)))] : []) + [.send(limit.json), .end]
        default: return []
        }
    }

    static let reportExpected = #"a report connection sends one {"type":"report","text":"…"}"#

    /// A report connection's one message: its text to save, or a `bad_request` saying what is wrong.
    private mutating func report(_ text: String) -> [Action] {
        // A report cut mid-emoji keeps the rest, the half becoming "?" (`LoneSurrogates`).
        guard let data = LoneSurrogates.repaired(text).data(using: .utf8),
              let object = try? JSONSerialization.jsonObject(with: data) as? [String: Any] else {
            return refuse(.badRequest, Self.reportExpected + "; this is not a JSON object")
        }
        guard let type = object["type"] as? String, type == "report" else {
            return refuse(.badRequest, Self.reportExpected + "; this is " + ((object["type"] as? String).map { "a '\($0)' message" } ?? "a message without a type"))
        }
        guard let report = object["text"] as? String,
              !report.trimmingCharacters(in: .whitespacesAndNewlines).isEmpty else {
            return refuse(.badRequest, "the report has no text: send it in \"text\"")
        }
        let bytes = report.utf8.count
        guard bytes <= Self.maximumReportBytes else {
            return refuse(.badRequest, "the report is \(bytes) bytes; at most \(Self.maximumReportBytes) (1 MB) are taken")
        }
        phase = .ended
        return [.report(report)]
    }

    /// The hello did not come in time.
    public mutating func helloDeadlinePassed() -> [Action] {
        guard phase == .awaitingHello else { return [] }
        return refuse(.badRequest, "hello expected")
    }

    /// The server closes this connection for a reason of its own (too many waiting, no room
    /// after a good hello): the error, then the close.
    public mutating func refuse(_ code: HomeMessage.ErrorCode, _ detail: String) -> [Action] {
        phase = .closed
        return [.send(HomeMessage.error(code: code, detail: detail).json), .close(code: 1000)]
    }
}

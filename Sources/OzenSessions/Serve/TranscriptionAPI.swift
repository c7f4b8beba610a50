import Foundation
import OzenEngines
import OzenIO
import OzenKit
import Synchronization

/// OpenAI's transcription endpoints, answered by this computer's Whisper, so a bigger computer
/// running `ozen serve` is the interpreter's second pass for a laptop, and any OpenAI client
/// can use it:
///
///     POST /v1/audio/transcriptions   multipart: file (WAV), model, language, prompt,
///     POST /v1/audio/translations     response_format (json|text|verbose_json|srt|vtt), temperature
///
/// Decoded as final text is: beam 5, the encoder sized to the audio (Whisper's full window past
/// 29 s), each 30 s window with the text before it. With --lan the Bearer token must be the pairing token. Uploads stop at
/// 25 MB (the server refuses larger ones unread) and 10 minutes of audio; at most
/// `maximumWaiting` requests wait for the recognizer at once, more get 429 with Retry-After.
///
/// A request takes its turn on the recognizer schedule the caption streams share, as a stream
/// of its own for as long as it runs and its decode as a final: it never pushes a stream's final
/// back behind it, and while it runs the streams share the recognizer as with one more phone.
final class TranscriptionAPI: Sendable {
    let recognizer: any SpeechRecognizer
    let schedule: RecognizerSchedule
    let pairing: PairingToken?
    let maximumWaiting = 4
    let maximumSeconds = 600.0
    /// Requests waiting for the recognizer or decoding.
    private let waiting = Mutex(0)

    init(recognizer: any SpeechRecognizer, schedule: RecognizerSchedule, pairing: PairingToken?) {
        self.recognizer = recognizer
        self.schedule = schedule
        self.pairing = pairing
    }

    func answer(_ request: HTTPRequest) -> HTTPResponse {
        let translate: Bool
        switch request.path {
        case "/v1/audio/transcriptions": translate = false
        case "/v1/audio/translations": translate = true
        default: return Self.error(404, "no such endpoint: \(request.path) (this server answers /v1/audio/transcriptions and /v1/audio/translations)")
        }
        guard request.method == "POST" else { return Self.error(405, "use POST") }
        if let pairing, !pairing.matches(request.bearerToken) {
            return Self.error(401, "pairing needed: send the pairing token `ozen serve --lan` printed as Authorization: Bearer TOKEN",
                              type: "authentication_error")
        }
        guard let boundary = MultipartForm.boundary(contentType: request.headers["content-type"] ?? "") else {
            return Self.error(415, "send multipart/form-data with a `file` field")
        }
        let form: MultipartForm
        do { form = try MultipartForm.parse(request.body, boundary: boundary) } catch {
            return Self.error(400, error.description)
        }
        guard let file = form.part("file"), !file.body.isEmpty else { return Self.error(400, "the `file` field is missing or empty", parameter: "file") }
        var language = SpokenLanguage.auto
        if let code = form.field("language")?.trimmingCharacters(in: .whitespaces), !code.isEmpty {
            guard let known = SpokenLanguage(rawValue: code) else {
                return Self.error(400, "unknown language '\(code)': use an ISO-639-1 code Whisper knows", parameter: "language")
            }
            language = known
        }
        let format = form.field("response_format")?.trimmingCharacters(in: .whitespaces) ?? "json"
        guard ["json", "text", "verbose_json", "srt", "vtt"].contains(format) else {
            return Self.error(400, "response_format is json, text, verbose_json, srt or vtt, not '\(format)'", parameter: "response_format")
        }
        var temperature = 0.0
        if let raw = form.field("temperature"), !raw.isEmpty {
            guard let value = Double(raw), (0...1).contains(value) else {
                return Self.error(400, "temperature is a number from 0 to 1, not '\(raw)'", parameter: "temperature")
            }
            temperature = value
        }
        let audio: MonoAudio
        do { audio = try WAVDecoder().decode(Data(file.body), path: file.filename ?? "upload") } catch {
            return Self.error(400, "the file could not be read: \(error) — only WAV is read here (ffmpeg -i IN -ar 16000 -ac 1 OUT.wav)", parameter: "file")
        }
        let samples = audio.atSpeechRate().samples
        let seconds = Double(samples.count) / Double(MonoAudio.speechRate)
        guard seconds <= maximumSeconds else { return Self.error(413, "the audio is \(Int(seconds)) s long; at most \(Int(maximumSeconds)) s are taken") }
        guard enter() else { return HTTPResponse.json(Self.errorBody("the recognizer is busy with \(maximumWaiting) requests: try again in a few seconds", type: "rate_limit_error"), status: 429) }
        defer { leave() }

        // The encoder sized to the audio plus the final passes' margin (LiveSettings.finalAudioContextMargin,
        // chosen by `ozen bench accuracy --ablation`): a full 30 s window for every short sentence
        // took 3–4 s a request here and let the second pass fall 45 s behind
        // (`ozen bench interpret --second-pass`).
        var options = DecodingOptions(language: language, beamSize: 5, prompt: form.field("prompt"),
                                      allowsFallback: temperature == 0,
                                      audioContextMargin: seconds < 29 ? LiveSettings.default.finalAudioContextMargin : 0)
        options.promptsWithEarlierWindows = true
        options.translatesToEnglish = translate
        let transcript: Transcript
        do {
            // Never refused a place (the 429 above bounds the requests); one thread while
            // caption streams decode beside it.
            let place = try schedule.join(always: true)
            defer { schedule.leave(place) }
            transcript = try schedule.run(.final, for: place) { grant in
                var options = options
                if grant.sideBySide { options.threads = 1 }
                return try recognizer.transcribe(samples, options: options)
            }
        } catch {
            return Self.error(500, "the recognizer failed: \(error)", type: "server_error")
        }
        let text = LoopGuard.cleanedLine(transcript.text).trimmingCharacters(in: .whitespacesAndNewlines)
        switch format {
        case "text": return HTTPResponse(contentType: "text/plain; charset=utf-8", body: Array((text + "\n").utf8))
        case "srt": return HTTPResponse(contentType: "text/plain; charset=utf-8", body: Array("1\n00:00:00,000 --> \(Self.stamp(seconds, ","))\n\(text)\n\n".utf8))
        case "vtt": return HTTPResponse(contentType: "text/vtt; charset=utf-8", body: Array("WEBVTT\n\n00:00:00.000 --> \(Self.stamp(seconds, "."))\n\(text)\n\n".utf8))
        case "verbose_json":
            let words: [JSONValue] = transcript.words.map {
                .object([("word", .string($0.text)), ("start", .number($0.start, decimals: 2)), ("end", .number($0.end, decimals: 2))])
            }
            return .json(JSONValue.object([
                ("task", .string(translate ? "translate" : "transcribe")),
                ("language", .string(transcript.language)),
                ("duration", .number(seconds, decimals: 2)),
                ("text", .string(text)),
                ("segments", .array([.object([("id", .int(0)), ("start", .number(0, decimals: 2)), ("end", .number(seconds, decimals: 2)),
                                              ("text", .string(text)),
                                              ("avg_logprob", transcript.averageLogProbability.map { .number($0, decimals: 3) } ?? .null),
                                              ("no_speech_prob", transcript.noSpeechProbability.map { .number($0, decimals: 3) } ?? .null)])])),
                ("words", .array(words)),
            ]).serialized())
        default: return .json(JSONValue.object([("text", .string(text))]).serialized())
        }
    }

    private func enter() -> Bool {
        waiting.withLock { waiting in
            guard waiting < maximumWaiting else { return false }
            waiting += 1
            return true
        }
    }

    private func leave() { waiting.withLock { $0 -= 1 } }

    static func stamp(_ seconds: Double, _ separator: String) -> String {
        let ms = Int((seconds * 1000).rounded())
        return String(format: "%02d:%02d:%02d%@%03d", ms / 3_600_000, ms / 60_000 % 60, ms / 1000 % 60, separator, ms % 1000)
    }

    static func errorBody(_ message: String, type: String = "invalid_request_error", parameter: String? = nil) -> String {
        JSONValue.object([("error", .object([("message", .string(message)), ("type", .string(type)),
                                             ("param", parameter.map(JSONValue.string) ?? .null), ("code", .null)]))]).serialized()
    }

    static func error(_ status: Int, _ message: String, type: String = "invalid_request_error", parameter: String? = nil) -> HTTPResponse {
        .json(errorBody(message, type: type, parameter: parameter), status: status)
    }
}

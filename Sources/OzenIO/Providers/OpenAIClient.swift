import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
import OzenKit
import Synchronization

/// The one OpenAI-compatible HTTP client: chat completions (streamed) for the interpreter's LLM
/// translator and dictation's polish, and audio transcriptions and translations for the
/// interpreter's second pass and cloud captions, and a chat model that hears audio for cloud
/// captions (`transcribeByChat`).
///
/// Blocking calls with a deadline for the whole answer (`ProviderSettings.timeout`): a server
/// that accepts the connection and then says nothing costs at most that long. Errors say what
/// happened in words (`ProviderFailure`); the key never appears in one.
public struct OpenAIClient: Sendable {
    public let provider: ProviderSettings

    public init(provider: ProviderSettings) { self.provider = provider }

    /// The assistant's whole answer, read from the stream as it comes.
    public func chat(_ messages: [ChatMessage], temperature: Double = 0, maxTokens: Int = 400,
                     onText: (@Sendable (String) -> Void)? = nil) throws(ProviderFailure) -> String {
        var body: [String: Any] = [
            "model": provider.model,
            "messages": messages.map { ["role": $0.role, "content": $0.content] },
            "stream": true,
            "temperature": temperature,
            "max_tokens": maxTokens,
        ]
        if provider.model.isEmpty { body.removeValue(forKey: "model") }
        let json = (try? JSONSerialization.data(withJSONObject: body)) ?? Data()
        let collector = ChatStream(onText: onText)
        let response = try send(path: "/chat/completions", contentType: "application/json", body: json,
                                accept: "text/event-stream", onBytes: collector.feed)
        guard response.status == 200 else { throw Self.failure(response) }
        return try collector.finish(contentType: response.contentType, body: response.body)
    }

    /// What a transcription (or, with `translate`, a translation into English) endpoint heard in
    /// a WAV recording. `response_format` is json; its `text` is returned.
    public func transcribe(wav: [UInt8], language: String?, prompt: String? = nil, translate: Bool = false) throws(ProviderFailure) -> String {
        var form = MultipartForm()
        form.parts.append(.init(name: "file", filename: "sentence.wav", contentType: "audio/wav", body: wav))
        form.parts.append(.init(name: "model", body: Array((provider.model.isEmpty ? "whisper-1" : provider.model).utf8)))
        if let language, !translate { form.parts.append(.init(name: "language", body: Array(language.utf8))) }
        if let prompt, !prompt.isEmpty { form.parts.append(.init(name: "prompt", body: Array(prompt.utf8))) }
        form.parts.append(.init(name: "response_format", body: Array("json".utf8)))
        form.parts.append(.init(name: "temperature", body: Array("0".utf8)))
        let boundary = "ozen-" + UUID().uuidString
        let response = try send(path: translate ? "/audio/translations" : "/audio/transcriptions",
                                contentType: "multipart/form-data; boundary=\(boundary)", body: Data(form.encoded(boundary: boundary)),
                                accept: "application/json", onBytes: nil)
        guard response.status == 200 else { throw Self.failure(response) }
        guard let object = try? JSONSerialization.jsonObject(with: response.body) as? [String: Any],
              let text = object["text"] as? String else {
            throw .malformed(url: provider.url(translate ? "/audio/translations" : "/audio/transcriptions"),
                             detail: tr("אין שדה text בתשובה", "the answer has no text field"))
        }
        return text
    }

    /// What a chat model that hears audio (`CaptionAPI.chatAudio`) heard in a WAV recording:
    /// the recording as an `input_audio` part (base64, format `wav`, as OpenRouter's and
    /// OpenAI's references give it) after `instructions`, one answer, not streamed: a line is
    /// used once it is whole. Its text is returned as the model wrote it.
    public func transcribeByChat(wav: [UInt8], instructions: String) throws(ProviderFailure) -> String {
        var body: [String: Any] = [
            "model": provider.model,
            "messages": [
                ["role": "system", "content": instructions],
                ["role": "user", "content": [
                    ["type": "text", "text": "The audio:"],
                    ["type": "input_audio", "input_audio": ["data": Data(wav).base64EncodedString(), "format": "wav"]],
                ] as [[String: Any]]],
            ] as [[String: Any]],
            "stream": false,
            "temperature": 0,
        ]
        if provider.model.isEmpty { body.removeValue(forKey: "model") }
        let json = (try? JSONSerialization.data(withJSONObject: body)) ?? Data()
        let response = try send(path: "/chat/completions", contentType: "application/json", body: json, accept: "application/json", onBytes: nil)
        guard response.status == 200 else { throw Self.failure(response) }
        return try ChatStream(onText: nil).finish(contentType: response.contentType, body: response.body)
    }

    /// What ElevenLabs' speech-to-text (`CaptionAPI.elevenLabs`) heard in a WAV recording, as
    /// its API reference gives the request: multipart with `model_id`, `file`, `language_code`
    /// (when the language is known), `diarize`, `timestamps_granularity=word`, and
    /// `tag_audio_events=false`; the key in the `xi-api-key` header, not `Authorization`.
    public func transcribeByElevenLabs(wav: [UInt8], language: String?) throws(ProviderFailure) -> CloudTranscript {
        var form = MultipartForm()
        form.parts.append(.init(name: "model_id", body: Array((provider.model.isEmpty ? "scribe_v2" : provider.model).utf8)))
        form.parts.append(.init(name: "file", filename: "sentence.wav", contentType: "audio/wav", body: wav))
        if let language { form.parts.append(.init(name: "language_code", body: Array(language.utf8))) }
        form.parts.append(.init(name: "diarize", body: Array("true".utf8)))
        form.parts.append(.init(name: "timestamps_granularity", body: Array("word".utf8)))
        form.parts.append(.init(name: "tag_audio_events", body: Array("false".utf8)))
        let boundary = "ozen-" + UUID().uuidString
        let response = try send(path: "/speech-to-text", contentType: "multipart/form-data; boundary=\(boundary)",
                                body: Data(form.encoded(boundary: boundary)), accept: "application/json", onBytes: nil, key: .named("xi-api-key"))
        guard response.status == 200 else { throw Self.failure(response) }
        guard let transcript = CloudTranscript.elevenLabs(response.body) else {
            throw .malformed(url: provider.url("/speech-to-text"), detail: tr("אין שדה text בתשובה", "the answer has no text field"))
        }
        return transcript
    }

    /// What Deepgram's pre-recorded transcription (`CaptionAPI.deepgram`) heard in a WAV
    /// recording, as its API reference gives the request: the WAV itself as the body
    /// (`Content-Type: audio/wav`); `model`, `language` (or `detect_language` when not known),
    /// `smart_format` and `diarize` in the query; the key as `Authorization: Token KEY`.
    public func transcribeByDeepgram(wav: [UInt8], language: String?) throws(ProviderFailure) -> CloudTranscript {
        let model = provider.model.isEmpty ? "nova-3" : provider.model
        let query = ["model=" + Self.queryValue(model), "smart_format=true", "diarize=true",
                     language.map { "language=" + Self.queryValue($0) } ?? "detect_language=true"]
        let path = "/listen?" + query.joined(separator: "&")
        let response = try send(path: path, contentType: "audio/wav", body: Data(wav), accept: "application/json", onBytes: nil, key: .token)
        guard response.status == 200 else { throw Self.failure(response) }
        guard let transcript = CloudTranscript.deepgram(response.body) else {
            throw .malformed(url: provider.url("/listen"), detail: tr("אין results.channels[0].alternatives[0].transcript בתשובה",
                                                                     "the answer has no results.channels[0].alternatives[0].transcript"))
        }
        return transcript
    }

    private static func queryValue(_ text: String) -> String {
        text.addingPercentEncoding(withAllowedCharacters: .urlQueryAllowed.subtracting(CharacterSet(charactersIn: "&=+"))) ?? text
    }

    // MARK: transport

    struct Response {
        var status: Int
        var contentType: String
        var body: Data
    }

    /// How a request carries her key: `Authorization: Bearer KEY` (OpenAI-compatible servers),
    /// `Authorization: Token KEY` (Deepgram), or the key as it is in a header of the provider's
    /// own (ElevenLabs' `xi-api-key`).
    enum KeyHeader {
        case bearer
        case token
        case named(String)
    }

    private func send(path: String, contentType: String, body: Data, accept: String,
                      onBytes: (@Sendable ([UInt8]) -> Void)?, key keyHeader: KeyHeader = .bearer) throws(ProviderFailure) -> Response {
        let address = provider.url(path)
        guard let url = URL(string: address), let scheme = url.scheme, ["http", "https"].contains(scheme.lowercased()) else {
            throw .badAddress(address)
        }
        var request = URLRequest(url: url)
        request.httpMethod = "POST"
        request.httpBody = body
        request.timeoutInterval = provider.timeout
        request.setValue(contentType, forHTTPHeaderField: "Content-Type")
        request.setValue(accept, forHTTPHeaderField: "Accept")
        // No "Expect: 100-continue": curl waits a second for a 100 that many servers never send.
        request.setValue("", forHTTPHeaderField: "Expect")
        if let key = provider.apiKey, !key.isEmpty {
            switch keyHeader {
            case .bearer: request.setValue("Bearer \(key)", forHTTPHeaderField: "Authorization")
            case .token: request.setValue("Token \(key)", forHTTPHeaderField: "Authorization")
            case .named(let header): request.setValue(key, forHTTPHeaderField: header)
            }
        }
        let exchange = Exchange(onBytes: onBytes)
        let session = URLSession(configuration: .ephemeral, delegate: exchange, delegateQueue: nil)
        defer { session.invalidateAndCancel() }
        let task = session.dataTask(with: request)
        task.resume()
        guard exchange.done.wait(timeout: .now() + provider.timeout) == .success else {
            task.cancel()
            throw .timedOut(url: address, seconds: provider.timeout)
        }
        return try exchange.result(url: address, timeout: provider.timeout)
    }

    static func failure(_ response: Response) -> ProviderFailure {
        var message = String(decoding: response.body.prefix(600), as: UTF8.self)
        if let object = try? JSONSerialization.jsonObject(with: response.body) as? [String: Any] {
            // OpenAI's shape, {"error": {"message"}}; ElevenLabs' {"detail": {"message"}} or {"detail": "…"}.
            if let error = object["error"] as? [String: Any], let text = error["message"] as? String {
                message = text
            } else if let detail = object["detail"] as? [String: Any], let text = detail["message"] as? String {
                message = text
            } else if let text = object["detail"] as? String {
                message = text
            } else if let text = (object["err_msg"] ?? object["message"]) as? String {
                // Deepgram's {"err_code", "err_msg"} (newer answers: {"category", "message"}).
                message = text
            }
        }
        return .refused(status: response.status, message: message.trimmingCharacters(in: .whitespacesAndNewlines))
    }
}

/// URLSession's delegate for one request: bytes are handed on as they arrive (for streams).
private final class Exchange: NSObject, URLSessionDataDelegate, Sendable {
    let done = DispatchSemaphore(value: 0)
    private let onBytes: (@Sendable ([UInt8]) -> Void)?

    /// How the request failed, in what `result` says of it.
    private enum Failure: Sendable {
        case timedOut
        case other(String)
    }

    private struct State {
        var body = Data()
        var status = 0
        var contentType = ""
        var failure: Failure?
    }

    private let state = Mutex(State())

    init(onBytes: (@Sendable ([UInt8]) -> Void)?) { self.onBytes = onBytes }

    func urlSession(_ session: URLSession, dataTask: URLSessionDataTask, didReceive response: URLResponse,
                    completionHandler: @escaping (URLSession.ResponseDisposition) -> Void) {
        if let http = response as? HTTPURLResponse {
            let status = http.statusCode
            let contentType = (http.value(forHTTPHeaderField: "Content-Type") ?? "").lowercased()
            state.withLock {
                $0.status = status
                $0.contentType = contentType
            }
        }
        completionHandler(.allow)
    }

    func urlSession(_ session: URLSession, dataTask: URLSessionDataTask, didReceive data: Data) {
        let streaming = state.withLock { state -> Bool in
            state.body.append(data)
            return state.status == 200 && state.contentType.hasPrefix("text/event-stream")
        }
        if streaming { onBytes?(Array(data)) }
    }

    func urlSession(_ session: URLSession, task: URLSessionTask, didCompleteWithError error: Error?) {
        // URLSession's own timeout (the request's, `timeout` too, which can fire a moment before
        // the caller's deadline on a loaded machine) is the same `.timedOut`.
        let failure: Failure? = error.map { error in
            let nsError = error as NSError
            return nsError.domain == NSURLErrorDomain && nsError.code == NSURLErrorTimedOut ? .timedOut : .other(error.localizedDescription)
        }
        let answered = (task.response as? HTTPURLResponse)?.statusCode
        state.withLock {
            $0.failure = failure
            if $0.status == 0, let answered { $0.status = answered }
        }
        done.signal()
    }

    /// What came back.
    func result(url: String, timeout: Double) throws(ProviderFailure) -> OpenAIClient.Response {
        let (status, contentType, body, failure) = state.withLock { ($0.status, $0.contentType, $0.body, $0.failure) }
        switch failure {
        case .timedOut: throw .timedOut(url: url, seconds: timeout)
        case .other(let reason): throw .unreachable(url: url, reason: reason)
        case nil: return OpenAIClient.Response(status: status, contentType: contentType, body: body)
        }
    }
}

/// Puts a streamed chat answer together from its `chat.completion.chunk` events; a server that
/// answered with one plain JSON object instead of a stream is read too.
private final class ChatStream: Sendable {
    private struct State {
        var events = ServerSentEvents()
        var text = ""
        var sawEvent = false
        var streamError: String?
    }

    private let state = Mutex(State())
    private let onText: (@Sendable (String) -> Void)?

    init(onText: (@Sendable (String) -> Void)?) { self.onText = onText }

    @Sendable func feed(_ bytes: [UInt8]) {
        state.withLock { state in take(state.events.feed(bytes), into: &state) }
    }

    private func take(_ payloads: [String], into state: inout State) {
        for payload in payloads {
            state.sawEvent = true
            guard let object = try? JSONSerialization.jsonObject(with: Data(payload.utf8)) as? [String: Any] else { continue }
            if let error = object["error"] as? [String: Any] { state.streamError = error["message"] as? String ?? "error"; continue }
            guard let choices = object["choices"] as? [[String: Any]], let first = choices.first,
                  let delta = first["delta"] as? [String: Any], let piece = delta["content"] as? String, !piece.isEmpty else { continue }
            state.text += piece
            onText?(piece)
        }
    }

    func finish(contentType: String, body: Data) throws(ProviderFailure) -> String {
        try state.withLock { state throws(ProviderFailure) -> String in
            if contentType.hasPrefix("text/event-stream") {
                take(state.events.finish(), into: &state)
                if let streamError = state.streamError { throw .refused(status: 200, message: streamError) }
                guard state.sawEvent else { throw .malformed(url: "", detail: tr("הזרם נגמר בלי אף אירוע", "the stream ended without an event")) }
                return state.text
            }
            guard let object = try? JSONSerialization.jsonObject(with: body) as? [String: Any],
                  let choices = object["choices"] as? [[String: Any]], let message = choices.first?["message"] as? [String: Any],
                  let content = message["content"] as? String else {
                throw .malformed(url: "", detail: tr("התשובה אינה זרם ואינה JSON של chat completion", "the answer is neither a stream nor chat-completion JSON"))
            }
            return content
        }
    }
}

/// Why a provider gave no usable answer, in words a person can act on.
public enum ProviderFailure: Error, CustomStringConvertible, Equatable {
    case badAddress(String)
    case unreachable(url: String, reason: String)
    case timedOut(url: String, seconds: Double)
    case refused(status: Int, message: String)
    case malformed(url: String, detail: String)

    public var description: String {
        switch self {
        case .badAddress(let url):
            return tr("הכתובת '\(url)' אינה כתובת http(s)", "'\(url)' is not an http(s) address")
        case .unreachable(let url, let reason):
            return tr("אין תשובה מ־\(url): \(reason)", "no answer from \(url): \(reason)")
        case .timedOut(let url, let seconds):
            return tr("\(url) לא ענה תוך \(Int(seconds)) שניות", "\(url) did not answer within \(Int(seconds)) s")
        case .refused(let status, let message):
            switch status {
            case 401, 403: return tr("הספק דחה את המפתח (\(status)): \(message) — בדקו את המפתח", "the provider refused the key (\(status)): \(message) — check the key")
            case 429: return tr("הספק עמוס או שנגמרה המכסה (429): \(message)", "the provider is rate-limiting or out of quota (429): \(message)")
            default: return tr("הספק ענה \(status): \(message)", "the provider answered \(status): \(message)")
            }
        case .malformed(let url, let detail):
            return tr("תשובה לא תקינה\(url.isEmpty ? "" : " מ־\(url)"): \(detail)", "a malformed answer\(url.isEmpty ? "" : " from \(url)"): \(detail)")
        }
    }
}

import Foundation
import OzenIO
import OzenKit
import OzenTestSupport
import Testing

/// The one OpenAI-compatible client against a scripted server on 127.0.0.1 (the project's own
/// web server, answering as it is told): what real providers do when they misbehave (401, 429,
/// 500, a hang, keep-alive comments, a plain JSON answer), which a real server will not do on demand.
@Suite(.serialized) struct OpenAIClientTests {
    final class Scripted: @unchecked Sendable {
        private let lock = NSLock()
        private var seen: [HTTPRequest] = []
        let server: WebServer
        init(_ answer: @escaping @Sendable (HTTPRequest) -> HTTPResponse) throws {
            let root = FileManager.default.temporaryDirectory.appendingPathComponent("ozen-scripted-\(UUID())")
            try FileManager.default.createDirectory(at: root, withIntermediateDirectories: true)
            let box = Box()
            server = try WebServer(options: .init(address: ListenAddress(host: "127.0.0.1", port: 0), documentRoot: root.path),
                                   routes: [("/v1/", { request in box.record(request); return answer(request) })]) { _, _ in nil }
            box.owner = self
        }
        var requests: [HTTPRequest] { lock.withLock { seen } }
        func record(_ request: HTTPRequest) { lock.withLock { seen.append(request) } }
        var base: String { "http://127.0.0.1:\(server.port)/v1" }
        func provider(key: String? = "sk-test-abcdefghijklmnop-9f2c", timeout: Double = 10) -> ProviderSettings {
            ProviderSettings(baseURL: base, model: "scripted", apiKey: key, timeout: timeout)
        }
        /// This server as a cloud-captions provider of kind `api`.
        func provider(captions api: CaptionAPI, model: String) -> ProviderSettings {
            ProviderSettings(baseURL: base, model: model, apiKey: "sk-test-abcdefghijklmnop-9f2c", timeout: 10, captionAPI: api)
        }
        final class Box: @unchecked Sendable {
            weak var owner: Scripted?
            func record(_ request: HTTPRequest) { owner?.record(request) }
        }
    }

    static func stream(_ text: String) -> HTTPResponse {
        HTTPResponse(contentType: "text/event-stream", body: Array(text.utf8))
    }

    @Test func aStreamedAnswerIsPutTogetherAndTheRequestIsWhatOpenAIExpects() throws {
        let server = try Scripted { _ in
            Self.stream(": keep-alive\r\n\r\ndata: {\"choices\":[{\"delta\":{\"role\":\"assistant\",\"reasoning_content\":\"hm\"}}]}\r\n\r\n"
                        + "data: {\"choices\":[{\"delta\":{\"content\":\"Thank you, \"}}]}\n\n: keep-alive\n\n"
                        + "data: {\"choices\":[{\"delta\":{\"content\":\"thank you.\"}}]}\n\ndata: [DONE]\n\n")
        }
        let answer = try OpenAIClient(provider: server.provider()).chat([ChatMessage(role: "user", content: "Tack, tack.")])
        #expect(answer == "Thank you, thank you.")
        let request = try #require(server.requests.first)
        #expect(request.path == "/v1/chat/completions")
        #expect(request.headers["authorization"] == "Bearer sk-test-abcdefghijklmnop-9f2c")
        let body = try #require(try JSONSerialization.jsonObject(with: Data(request.body)) as? [String: Any])
        #expect(body["stream"] as? Bool == true && body["model"] as? String == "scripted")
        #expect((body["messages"] as? [[String: String]])?.first?["content"] == "Tack, tack.")
    }

    @Test func aPlainJSONAnswerIsReadToo() throws {
        let server = try Scripted { _ in .json(#"{"choices":[{"message":{"role":"assistant","content":"Goodbye"}}]}"#) }
        #expect(try OpenAIClient(provider: server.provider()).chat([ChatMessage(role: "user", content: "Au revoir")]) == "Goodbye")
    }

    @Test(arguments: [401, 429, 500])
    func aRefusalSaysWhatHappenedAndNeverShowsTheKey(status: Int) throws {
        let server = try Scripted { _ in
            .json(#"{"error":{"message":"scripted refusal","type":"x","param":null,"code":null}}"#, status: status)
        }
        do {
            _ = try OpenAIClient(provider: server.provider()).chat([ChatMessage(role: "user", content: "x")])
            Issue.record("a \(status) was taken as an answer")
        } catch {
            #expect(error == .refused(status: status, message: "scripted refusal"))
            #expect(!error.description.contains("abcdefghijklmnop"))
            if status == 401 { #expect(error.description.contains("check the key")) }
        }
    }

    @Test func aServerThatSaysNothingCostsTheTimeoutAndNoMore() throws {
        let server = try Scripted { _ in Thread.sleep(forTimeInterval: 8); return .json("{}") }
        let started = Date()
        #expect(throws: ProviderFailure.timedOut(url: server.base + "/chat/completions", seconds: 1)) {
            try OpenAIClient(provider: server.provider(timeout: 1)).chat([ChatMessage(role: "user", content: "x")])
        }
        #expect(Date().timeIntervalSince(started) < 6)
    }

    @Test func nobodyListeningIsSaidInWords() throws {
        let provider = ProviderSettings(baseURL: "http://127.0.0.1:9/v1", model: "m", timeout: 5)
        do {
            _ = try OpenAIClient(provider: provider).chat([ChatMessage(role: "user", content: "x")])
            Issue.record("no server, yet an answer")
        } catch {
            guard case .unreachable(let url, _) = error else { Issue.record("\(error)"); return }
            #expect(url == "http://127.0.0.1:9/v1/chat/completions")
        }
    }

    @Test func aTranscriptionUploadCarriesTheAudioAndItsFields() throws {
        let server = try Scripted { request in
            guard let boundary = MultipartForm.boundary(contentType: request.headers["content-type"] ?? ""),
                  let form = try? MultipartForm.parse(request.body, boundary: boundary),
                  let file = form.part("file") else { return .json(#"{"error":{"message":"bad upload"}}"#, status: 400) }
            let audio = try? WAVDecoder().decode(Data(file.body), path: "upload")
            return .json(#"{"text":"\#(form.field("language") ?? "-") \#(audio?.samples.count ?? -1) \#(form.field("prompt") ?? "-") \#(request.path)"}"#)
        }
        let client = try SecondPassClient(baseURL: "http://127.0.0.1:\(server.server.port)", token: nil)
        let samples = [Float](repeating: 0.1, count: 16_000)
        #expect(try client.hear(audio: samples, language: SpokenLanguage(rawValue: "fr")!) == "fr 16000 - /v1/audio/transcriptions")
        #expect(try client.translate(audio: samples, language: .swedish, previousEnglish: "Hello.") == "- 16000 Hello. /v1/audio/translations")
    }

    /// The exchange follows OpenRouter's published audio-input reference (hand-written, not
    /// recorded): a chat completion whose user message holds the WAV as `input_audio`, answered
    /// with one JSON chat completion.
    @Test func aLineGoesToAChatModelAsAudioWithItsInstructions() throws {
        let server = try Scripted { request in
            guard let body = try? JSONSerialization.jsonObject(with: Data(request.body)) as? [String: Any],
                  let messages = body["messages"] as? [[String: Any]], messages.count == 2,
                  let parts = messages[1]["content"] as? [[String: Any]],
                  let audio = parts.first(where: { $0["type"] as? String == "input_audio" })?["input_audio"] as? [String: String],
                  audio["format"] == "wav", let bytes = Data(base64Encoded: audio["data"] ?? ""),
                  let wav = try? WAVDecoder().decode(bytes, path: "upload") else {
                return .json(#"{"error":{"message":"bad request","code":400}}"#, status: 400)
            }
            let told = messages[0]["content"] as? String ?? ""
            return .json(#"{"id":"gen-1","object":"chat.completion","choices":[{"index":0,"finish_reason":"stop","message":{"role":"assistant","content":"\#(wav.samples.count) samples, told \#(told.contains("in Hebrew") && told.contains("רות")).\nSpeaker 2: Second voice."}}]}"#)
        }
        var provider = server.provider()
        provider.captionAPI = .chatAudio
        let wav = Array(WAVEncoder(format: .pcm16, sampleRate: 16_000).encode([Float](repeating: 0.1, count: 8_000)))
        let answer = try OpenAIClient(provider: provider).transcribeByChat(wav: wav, instructions: ChatTranscription.instructions(languageName: "Hebrew", names: ["רות"]))
        #expect(ChatTranscription.lines(of: answer) == ["8000 samples, told true.", "Second voice."])
        let request = try #require(server.requests.first)
        #expect(request.path == "/v1/chat/completions")
        #expect(request.headers["authorization"] == "Bearer sk-test-abcdefghijklmnop-9f2c")
        let body = try #require(try JSONSerialization.jsonObject(with: Data(request.body)) as? [String: Any])
        #expect(body["stream"] as? Bool == false && body["model"] as? String == "scripted")
        // A refusal is said in the provider's words, as for every other request.
        let refusing = try Scripted { _ in .json(#"{"error":{"message":"This model does not accept audio input","code":400}}"#, status: 400) }
        var refused = refusing.provider()
        refused.captionAPI = .chatAudio
        #expect(throws: ProviderFailure.refused(status: 400, message: "This model does not accept audio input")) {
            try OpenAIClient(provider: refused).transcribeByChat(wav: wav, instructions: "x")
        }
    }

    /// Half a second of a steady level as a WAV: what the cloud-caption exchanges send.
    static let halfSecondWAV = Array(WAVEncoder(format: .pcm16, sampleRate: 16_000).encode([Float](repeating: 0.1, count: 8_000)))

    /// ElevenLabs' speech-to-text as its API reference gives it (hand-written, not recorded):
    /// multipart to `/v1/speech-to-text` with the key in `xi-api-key`, word times and speakers
    /// asked for; a refusal in its words (`{"detail": {"status", "message"}}`).
    @Test func aLineGoesToElevenLabsWithItsKeyInItsOwnHeader() throws {
        let server = try Scripted { request in
            guard request.headers["xi-api-key"] == "sk-test-abcdefghijklmnop-9f2c" else {
                return .json(#"{"detail":{"status":"invalid_api_key","message":"Invalid API key"}}"#, status: 401)
            }
            guard let boundary = MultipartForm.boundary(contentType: request.headers["content-type"] ?? ""),
                  let form = try? MultipartForm.parse(request.body, boundary: boundary), let file = form.part("file"),
                  let wav = try? WAVDecoder().decode(Data(file.body), path: "upload") else {
                return .json(#"{"detail":"bad upload"}"#, status: 422)
            }
            let fields = ["model_id", "language_code", "diarize", "timestamps_granularity", "tag_audio_events"].map { form.field($0) ?? "-" }
            return .json(#"""
                {"language_code":"heb","language_probability":0.98,"text":"\#(wav.samples.count) \#(fields.joined(separator: " "))",
                 "words":[{"text":"\#(wav.samples.count)","start":0.1,"end":0.5,"type":"word","speaker_id":"speaker_0"},
                          {"text":" ","start":0.5,"end":0.6,"type":"spacing","speaker_id":"speaker_0"},
                          {"text":"(laughter)","start":0.6,"end":0.9,"type":"audio_event","speaker_id":"speaker_0"},
                          {"text":"\#(fields.joined(separator: " "))","start":0.9,"end":1.4,"type":"word","speaker_id":"speaker_1"}]}
                """#)
        }
        let provider = server.provider(captions: .elevenLabs, model: "scribe_v2"), wav = Self.halfSecondWAV
        let heard = try OpenAIClient(provider: provider).transcribeByElevenLabs(wav: wav, language: "he")
        #expect(heard.lines == ["8000", "scribe_v2 he true word false"], "a new line where the speaker changes; the sound left out")
        #expect(heard.words.map(\.start) == [0.1, 0.9] && heard.words.map(\.end) == [0.5, 1.4])
        let request = try #require(server.requests.first)
        #expect(request.path == "/v1/speech-to-text" && request.headers["authorization"] == nil)
        var wrongKey = provider
        wrongKey.apiKey = "sk-wrong-key-0000"
        #expect(throws: ProviderFailure.refused(status: 401, message: "Invalid API key")) {
            try OpenAIClient(provider: wrongKey).transcribeByElevenLabs(wav: wav, language: nil)
        }
    }

    /// Deepgram's pre-recorded transcription as its API reference gives it (hand-written, not
    /// recorded): the WAV as the body of `/v1/listen`, what is asked in the query, the key as
    /// `Authorization: Token`; a refusal in its words (`{"err_code", "err_msg"}`).
    @Test func aLineGoesToDeepgramAsTheBodyWithWhatItAsksInTheQuery() throws {
        let server = try Scripted { request in
            guard request.headers["authorization"] == "Token sk-test-abcdefghijklmnop-9f2c" else {
                return .json(#"{"err_code":"INVALID_AUTH","err_msg":"Invalid credentials.","request_id":"r-1"}"#, status: 401)
            }
            guard request.headers["content-type"] == "audio/wav", let wav = try? WAVDecoder().decode(Data(request.body), path: "upload") else {
                return .json(#"{"err_code":"Bad Request","err_msg":"Bad Request: failed to process audio"}"#, status: 400)
            }
            let asked = ["model", "language", "smart_format", "diarize"].map { request.query[$0] ?? "-" }.joined(separator: " ")
            return .json(#"""
                {"metadata":{"duration":0.5},"results":{"channels":[{"alternatives":[{"transcript":"\#(wav.samples.count) \#(asked)","confidence":0.9,
                 "words":[{"word":"\#(wav.samples.count)","punctuated_word":"\#(wav.samples.count).","start":0.08,"end":0.4,"confidence":0.9,"speaker":0},
                          {"word":"asked","punctuated_word":"\#(asked)","start":0.5,"end":0.9,"confidence":0.9,"speaker":1}]}]}]}}
                """#)
        }
        let provider = server.provider(captions: .deepgram, model: "nova-3"), wav = Self.halfSecondWAV
        let heard = try OpenAIClient(provider: provider).transcribeByDeepgram(wav: wav, language: "he")
        #expect(heard.lines == ["8000.", "nova-3 he true true"], "a new line where the speaker changes, the punctuated words")
        #expect(heard.words.map(\.start) == [0.08, 0.5] && heard.words.map(\.end) == [0.4, 0.9])
        #expect(try #require(server.requests.first).path == "/v1/listen")
        var wrongKey = provider
        wrongKey.apiKey = "dg-wrong-key-0000"
        #expect(throws: ProviderFailure.refused(status: 401, message: "Invalid credentials.")) {
            try OpenAIClient(provider: wrongKey).transcribeByDeepgram(wav: wav, language: nil)
        }
    }

    @Test func howCloudCaptionsSendAudioIsKept() throws {
        let home = OzenHome(path: FileManager.default.temporaryDirectory.appendingPathComponent("ozen-providers-\(UUID())").path)
        let store = ProviderStore(home: home, environment: OzenEnvironment([:]))
        try store.save(ProviderSettings(baseURL: "https://openrouter.ai/api/v1", model: "google/gemini-2.5-flash", captionAPI: .chatAudio), purpose: .captions)
        #expect(try store.load(purpose: .captions).captionAPI == .chatAudio)
        try store.save(ProviderSettings(baseURL: "https://api.openai.com/v1", model: "whisper-1"), purpose: .captions)
        #expect(try store.load(purpose: .captions).captionAPI == .transcriptions)
        try store.save(ProviderSettings(baseURL: "https://api.elevenlabs.io/v1", model: "scribe_v2", captionAPI: .elevenLabs), purpose: .captions)
        #expect(try store.load(purpose: .captions).captionAPI == .elevenLabs)
    }

    @Test func aSecondPassWithoutTranslationsKeepsTheFirstEnglish() throws {
        let server = try Scripted { request in
            request.path.hasSuffix("/translations") ? .json(#"{"error":{"message":"not here"}}"#, status: 404) : .json(#"{"text":"Tack."}"#)
        }
        let client = try SecondPassClient(baseURL: server.base, token: nil)
        #expect(try client.hear(audio: [0, 0], language: .swedish) == "Tack.")
        #expect(try client.translate(audio: [0, 0], language: .swedish, previousEnglish: nil) == nil)
    }

    @Test func theKeyIsKeptForHerAloneAndRefusedWhenOthersCanReadIt() throws {
        let home = OzenHome(path: FileManager.default.temporaryDirectory.appendingPathComponent("ozen-providers-\(UUID())").path)
        let store = ProviderStore(home: home, environment: OzenEnvironment([:]))
        try store.save(ProviderSettings(baseURL: "https://api.deepseek.com/v1", model: "deepseek-chat", apiKey: "sk-secret-1234567890"),
                       purpose: .interpreter)
        let mode = try FileManager.default.attributesOfItem(atPath: store.keyPath(.interpreter))[.posixPermissions] as? NSNumber
        #expect(mode?.intValue == 0o600)
        #expect(try store.load(purpose: .interpreter).apiKey == "sk-secret-1234567890")
        #expect(!String(decoding: FileManager.default.contents(atPath: store.settingsPath(.interpreter)) ?? Data(), as: UTF8.self).contains("secret"))
        try FileManager.default.setAttributes([.posixPermissions: 0o644], ofItemAtPath: store.keyPath(.interpreter))
        #expect(throws: ProviderStoreError.keyExposed(store.keyPath(.interpreter))) { try store.load(purpose: .interpreter) }
        #expect(try ProviderStore(home: home, environment: OzenEnvironment(["OZEN_API_KEY": "from-env"])).load(purpose: .interpreter).apiKey == "from-env")
        #expect(throws: ProviderStoreError.notSet("dictation")) { try store.load(purpose: .dictation) }
    }
}

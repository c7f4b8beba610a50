import Foundation
import OzenIO
import OzenKit
import OzenSessions
import OzenTestSupport
import Testing

/// Cloud captions through a chat model that hears audio (`--engine cloud` with the openrouter or
/// gemini preset), in this process with the real Whisper beside it: the local server speaks
/// OpenRouter's published chat completions with `input_audio` (a hand-written exchange, not a
/// recorded one).
@Suite struct ChatCloudCaptionTests {
    final class Heard: @unchecked Sendable {
        private let lock = NSLock()
        private var bodies: [[String: Any]] = []
        func add(_ body: [String: Any]) { lock.withLock { bodies.append(body) } }
        var all: [[String: Any]] { lock.withLock { bodies } }
    }

    /// A final pass goes to the chat model with the line's audio and what it is told; its answer's
    /// lines become the pass's words, each with a time inside the local words' span, so the
    /// pipeline can still split a line where the voice changes. Live passes stay here.
    @Test func aFinalPassCarriesTheChatModelsWordsAndTimes() throws {
        let heard = Heard()
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("ozen-chat-cloud-\(UUID())")
        try FileManager.default.createDirectory(at: root, withIntermediateDirectories: true)
        let server = try WebServer(options: .init(address: ListenAddress(host: "127.0.0.1", port: 0), documentRoot: root.path),
                                   routes: [("/v1/", { request in
                                       guard request.path == "/v1/chat/completions",
                                             let body = try? JSONSerialization.jsonObject(with: Data(request.body)) as? [String: Any] else {
                                           return .json(#"{"error":{"message":"not found","code":404}}"#, status: 404)
                                       }
                                       heard.add(body)
                                       return .json(#"{"id":"gen-1","object":"chat.completion","choices":[{"index":0,"finish_reason":"stop","message":{"role":"assistant","content":"And so, my fellow Americans, ask not what your country can do for you.\nSpeaker 2: Ask what you can do for your country."}}]}"#)
                                   })]) { _, _ in nil }
        let home = OzenEnvironment(ProcessInfo.processInfo.environment.merging(["OZEN_HOME": Fixtures.testHome().path]) { $1 }).home
        let builder = try PipelineBuilder(home: home, models: .init(live: ChosenModel.name(in: home), recognizer: try PipelineSettings.recognizer(), speakers: false))
        let notes = Heard()
        let cloud = CloudFinalsRecognizer(local: builder.passes,
                                          provider: ProviderSettings(baseURL: "http://127.0.0.1:\(server.port)/v1", model: "google/gemini-2.5-flash",
                                                                     captionAPI: .chatAudio),
                                          names: ["Americans"]) { notes.add(["note": $0]) }
        let jfk = try WAVDecoder().read(path: Fixtures.jfk.path).atSpeechRate().samples
        let transcript = try cloud.transcribe(jfk, options: DecodingOptions(language: .english))
        #expect(transcript.text == "And so, my fellow Americans, ask not what your country can do for you. Ask what you can do for your country.")
        #expect(transcript.words.map(\.text) == transcript.text.split(separator: " ").map(String.init))
        let seconds = Double(jfk.count) / Double(MonoAudio.speechRate)
        #expect(transcript.words.first!.start >= 0 && transcript.words.last!.end <= seconds + 0.01)
        #expect(zip(transcript.words, transcript.words.dropFirst()).allSatisfy { $0.end <= $1.start + 1e-9 })
        #expect(cloud.linesByWhere == (cloud: 1, local: 0) && notes.all.isEmpty, "\(notes.all)")

        // What the model got: the line's audio as WAV, the language and her names.
        let body = try #require(heard.all.first)
        #expect(body["model"] as? String == "google/gemini-2.5-flash")
        let messages = try #require(body["messages"] as? [[String: Any]])
        let told = messages.first?["content"] as? String ?? ""
        #expect(told.contains("in English") && told.contains("spell them like this: Americans."), "\(told)")
        let parts = try #require(messages.last?["content"] as? [[String: Any]])
        let audio = try #require(parts.first { $0["type"] as? String == "input_audio" }?["input_audio"] as? [String: String])
        let wav = try WAVDecoder().decode(try #require(Data(base64Encoded: audio["data"] ?? "")), path: "request")
        #expect(audio["format"] == "wav" && wav.sampleRate == 16_000 && wav.samples.count == jfk.count)

        // A live pass never leaves the computer.
        var live = DecodingOptions(language: .english)
        live.isLivePass = true
        _ = try cloud.transcribe(Array(jfk.prefix(3 * MonoAudio.speechRate)), options: live)
        #expect(heard.all.count == 1)
    }

    /// ElevenLabs (`--engine cloud` with the elevenlabs preset): its words keep the times it
    /// gave them, so the pipeline splits the line where its speaker changes as it would on local
    /// words; the local server answers as ElevenLabs' published reference shows (hand-written).
    @Test func aFinalPassCarriesElevenLabsWordsWithTheirOwnTimes() throws {
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("ozen-elevenlabs-\(UUID())")
        try FileManager.default.createDirectory(at: root, withIntermediateDirectories: true)
        let words = [("And", 0.32, 0.52, 0), ("so,", 0.52, 0.84, 0), ("my", 1.1, 1.3, 0), ("fellow", 1.3, 1.6, 0), ("Americans,", 1.6, 2.3, 0),
                     ("ask", 3.2, 3.5, 1), ("not.", 3.5, 4.1, 1)]
        let answer = #"{"language_code":"eng","text":"And so, my fellow Americans, ask not.","words":["#
            + words.map { #"{"text":"\#($0.0)","start":\#($0.1),"end":\#($0.2),"type":"word","speaker_id":"speaker_\#($0.3)"}"# }.joined(separator: ",")
            + "]}"
        let server = try WebServer(options: .init(address: ListenAddress(host: "127.0.0.1", port: 0), documentRoot: root.path),
                                   routes: [("/v1/", { request in
                                       request.path == "/v1/speech-to-text" && request.headers["xi-api-key"] == "xi-test-key-1234"
                                           ? .json(answer) : .json(#"{"detail":{"status":"invalid_api_key","message":"Invalid API key"}}"#, status: 401)
                                   })]) { _, _ in nil }
        let home = OzenEnvironment(ProcessInfo.processInfo.environment.merging(["OZEN_HOME": Fixtures.testHome().path]) { $1 }).home
        let builder = try PipelineBuilder(home: home, models: .init(live: ChosenModel.name(in: home), recognizer: try PipelineSettings.recognizer(), speakers: false))
        let notes = Heard()
        let cloud = CloudFinalsRecognizer(local: builder.passes,
                                          provider: ProviderSettings(baseURL: "http://127.0.0.1:\(server.port)/v1", model: "scribe_v2", apiKey: "xi-test-key-1234",
                                                                     captionAPI: .elevenLabs),
                                          names: []) { notes.add(["note": $0]) }
        let jfk = try WAVDecoder().read(path: Fixtures.jfk.path).atSpeechRate().samples
        let transcript = try cloud.transcribe(jfk, options: DecodingOptions(language: .english))
        #expect(transcript.text == "And so, my fellow Americans, ask not.")
        #expect(transcript.words.map(\.text) == words.map(\.0))
        #expect(transcript.words.map(\.start) == words.map(\.1) && transcript.words.map(\.end) == words.map(\.2))
        #expect(cloud.linesByWhere == (cloud: 1, local: 0) && notes.all.isEmpty, "\(notes.all)")
    }
}

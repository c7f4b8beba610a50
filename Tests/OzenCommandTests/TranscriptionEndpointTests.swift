import Foundation
import OzenIO
import OzenKit
import OzenTestSupport
import Testing

/// `ozen serve` answers OpenAI's transcription endpoints with this computer's Whisper: the
/// product's own client gets text back, and bad uploads get OpenAI-style errors that say what to fix.
@Suite(.serialized) struct TranscriptionEndpointTests {
    @Test func aRecordingSentLikeToOpenAIComesBackAsText() throws {
        let server = try ServeProcess(["--no-speakers", "--no-sounds", "--no-save"])
        defer { server.stop() }
        let client = OpenAIClient(provider: ProviderSettings(baseURL: "http://127.0.0.1:\(server.port)", model: "base", timeout: 120))
        let wav = Array(try Data(contentsOf: URL(fileURLWithPath: Fixtures.jfk.path)))
        let text = try client.transcribe(wav: wav, language: "en")
        #expect(text.lowercased().contains("ask not what your country can do for you"), "\(text)")

        // The French sentence after it is heard alone: nothing of Kennedy carries over.
        let french = try WAVDecoder().read(path: Fixtures.path("interpreter/fr/conversation.wav")).atSpeechRate().samples
        let merci = Array(french[Int(28.5 * 16_000)..<Int(30.8 * 16_000)])
        let heard = try client.transcribe(wav: Array(WAVEncoder().encode(merci)), language: "fr")
        #expect(heard.lowercased().contains("patience") && !heard.lowercased().contains("country"), "\(heard)")
        let english = try client.transcribe(wav: Array(WAVEncoder().encode(merci)), language: "fr", translate: true)
        #expect(english.lowercased().contains("patience"), "\(english)")
    }

    @Test func badUploadsAreRefusedWithWhatToFix() throws {
        let server = try ServeProcess(["--no-speakers", "--no-sounds", "--no-save"])
        defer { server.stop() }
        let url = "http://127.0.0.1:\(server.port)/v1/audio/transcriptions"
        func error(_ response: PlainHTTP.Response) -> String {
            ((try? JSONSerialization.jsonObject(with: response.body) as? [String: Any])?["error"] as? [String: Any])?["message"] as? String ?? ""
        }
        let json = try PlainHTTP.post(url, headers: ["Content-Type": "application/json"], body: Array("{}".utf8))
        #expect(json.status == 415 && error(json).contains("multipart"))

        let noFile = MultipartForm(parts: [.init(name: "model", body: Array("base".utf8))])
        let missing = try PlainHTTP.post(url, headers: ["Content-Type": "multipart/form-data; boundary=b"], body: noFile.encoded(boundary: "b"))
        #expect(missing.status == 400 && error(missing).contains("file"))

        let notWAV = MultipartForm(parts: [.init(name: "file", filename: "x.mp3", body: Array("ID3 not a wav".utf8))])
        let unreadable = try PlainHTTP.post(url, headers: ["Content-Type": "multipart/form-data; boundary=b"], body: notWAV.encoded(boundary: "b"))
        #expect(unreadable.status == 400 && error(unreadable).contains("WAV"))

        let cut = Array(MultipartForm(parts: [.init(name: "file", body: Array(repeating: 1, count: 400))]).encoded(boundary: "b").prefix(300))
        let cutShort = try PlainHTTP.post(url, headers: ["Content-Type": "multipart/form-data; boundary=b"], body: cut)
        #expect(cutShort.status == 400 && error(cutShort).contains("malformed multipart"))

        let language = MultipartForm(parts: [.init(name: "file", body: [1, 2]), .init(name: "language", body: Array("klingon".utf8))])
        let unknown = try PlainHTTP.post(url, headers: ["Content-Type": "multipart/form-data; boundary=b"], body: language.encoded(boundary: "b"))
        #expect(unknown.status == 400 && error(unknown).contains("klingon"))

        let get = try PlainHTTP.get(url)
        #expect(get.status == 405)
    }

    @Test func onTheLANOnlyThePairingTokenGetsIn() throws {
        let home = OzenProcess.testHome()
        let server = try ServeProcess(["--no-speakers", "--no-sounds", "--no-save", "--lan"], home: home)
        defer { server.stop() }
        let token = try String(contentsOf: home.appendingPathComponent("pairing-token"), encoding: .utf8).trimmingCharacters(in: .whitespacesAndNewlines)
        let wav = Array(try Data(contentsOf: URL(fileURLWithPath: Fixtures.jfk.path)))
        let base = "http://127.0.0.1:\(server.port)"
        #expect(throws: ProviderFailure.self) {
            try OpenAIClient(provider: ProviderSettings(baseURL: base, model: "", apiKey: "wrong", timeout: 60)).transcribe(wav: wav, language: "en")
        }
        let text = try OpenAIClient(provider: ProviderSettings(baseURL: base, model: "", apiKey: token, timeout: 120)).transcribe(wav: wav, language: "en")
        #expect(text.lowercased().contains("fellow americans"))
    }
}

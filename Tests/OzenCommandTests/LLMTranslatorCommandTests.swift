import Foundation
import OzenIO
import OzenKit
import OzenTestSupport
import Testing

/// `ozen interpret --translator llm` against a scripted OpenAI-compatible server in this test
/// process: it answers in a stream, then fails once with a 500 and once by saying nothing; each
/// failed sentence gets Whisper's English instead, and nothing is dropped.
@Suite(.serialized) struct LLMTranslatorCommandTests {
    final class Script: @unchecked Sendable {
        private let lock = NSLock()
        private(set) var bodies: [[String: Any]] = []
        private(set) var authorizations: [String?] = []
        func take(_ request: HTTPRequest) -> Int {
            lock.withLock {
                bodies.append((try? JSONSerialization.jsonObject(with: Data(request.body)) as? [String: Any]) ?? [:])
                authorizations.append(request.headers["authorization"])
                return bodies.count
            }
        }
        var all: [[String: Any]] { lock.withLock { bodies } }
        var keys: [String?] { lock.withLock { authorizations } }
    }

    @Test func anLLMTranslatesAndEachFailureFallsBackToWhisper() throws {
        let script = Script()
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("ozen-llm-\(UUID())")
        try FileManager.default.createDirectory(at: root, withIntermediateDirectories: true)
        let server = try WebServer(options: .init(address: ListenAddress(host: "127.0.0.1", port: 0), documentRoot: root.path),
                                   routes: [("/v1/", { request in
            let n = script.take(request)
            if n == 3 { return .json(#"{"error":{"message":"scripted outage","type":"server_error"}}"#, status: 500) }
            if n == 5 { Thread.sleep(forTimeInterval: 6); return .json("{}") }
            return HTTPResponse(contentType: "text/event-stream", body: Array((": keep-alive\n\n"
                + "data: {\"choices\":[{\"delta\":{\"content\":\"English \"}}]}\n\n"
                + "data: {\"choices\":[{\"delta\":{\"content\":\"number \(n).\"}}]}\n\ndata: [DONE]\n\n").utf8))
        })]) { _, _ in nil }
        defer { server.stop() }

        let home = OzenProcess.testHome()
        let set = try Self.run(["interpret", "provider", "set", "--base-url", "http://127.0.0.1:\(server.port)/v1", "--model", "scripted",
                                "--timeout", "2", "--key-stdin"], stdin: "sk-scripted-key-0123456789\n", home: home)
        #expect(set.status == 0, "\(set.stderr)")
        #expect(!set.stdout.contains("sk-scripted-key-0123456789"))
        let show = try OzenProcess.run(["interpret", "provider", "show"], environment: ["OZEN_HOME": home.path])
        #expect(show.stdout.contains("scripted") && !show.stdout.contains("key-0123456"))

        let result = try OzenProcess.run(["interpret", Fixtures.path("interpreter/fr/conversation.wav"), "--from", "fr", "--json",
                                          "--no-save", "--translator", "llm"], environment: ["OZEN_HOME": home.path])
        #expect(result.status == 0, "\(result.stderr)")
        let events = InterpretCommandTests.events(result.stdout)
        let translations = InterpretCommandTests.ofType("translation", events)
        #expect(translations.count == 13)
        let byLLM = translations.filter { $0["translator"] as? String == "llm" }
        let byWhisper = translations.filter { $0["translator"] as? String == "whisper" }
        #expect(byLLM.count == 11 && byWhisper.count == 2, "\(translations.map { $0["translator"] ?? "" })")
        #expect(byLLM.allSatisfy { ($0["english"] as? String ?? "").hasPrefix("English number") })
        #expect(byWhisper.allSatisfy { !($0["english"] as? String ?? "").isEmpty && $0["fallback_reason"] != nil })
        let notes = InterpretCommandTests.ofType("status", events).filter { $0["state"] as? String == "note" }.compactMap { $0["text"] as? String }
        #expect(notes.contains { $0.contains("failed") && $0.contains("scripted outage") }, "\(notes)")
        #expect(notes.contains { $0.contains("works again") }, "\(notes)")

        // Only text went out, never audio; the key as a Bearer token; short sentences with their context.
        #expect(script.keys.allSatisfy { $0 == "Bearer sk-scripted-key-0123456789" })
        let users = script.all.compactMap { (($0["messages"] as? [[String: String]])?.last?["content"]) }
        #expect(users.count == 13)
        #expect(!users.joined().contains("RIFF"))
        #expect(users.contains { $0.contains("do not translate") && $0.contains(" = English number") })
        #expect(users.first?.contains("do not translate") == false)
    }

    /// The same path against a real OpenAI-compatible server (llama.cpp's, streaming for real):
    /// every sentence comes back from the LLM, as text only.
    @Test func aRealLocalServerTranslatesEverySentence() throws {
        let llama = try LlamaServerProcess()
        defer { llama.stop() }
        let home = OzenProcess.testHome()
        let set = try Self.run(["interpret", "provider", "set", "--base-url", llama.baseURL, "--model", "smollm2", "--timeout", "30"],
                               stdin: "", home: home)
        #expect(set.status == 0, "\(set.stderr)")
        let test = try OzenProcess.run(["interpret", "provider", "test"], environment: ["OZEN_HOME": home.path])
        #expect(test.status == 0 && test.stdout.contains("answered in"), "\(test.stdout)\(test.stderr)")
        let result = try OzenProcess.run(["interpret", Fixtures.path("interpreter/fr/conversation.wav"), "--from", "fr", "--json",
                                          "--no-save", "--translator", "llm"], environment: ["OZEN_HOME": home.path])
        #expect(result.status == 0, "\(result.stderr)")
        let translations = InterpretCommandTests.ofType("translation", InterpretCommandTests.events(result.stdout))
        #expect(translations.count == 13)
        let byLLM = translations.filter { $0["translator"] as? String == "llm" }
        #expect(byLLM.count >= 12, "\(translations.map { ($0["translator"] ?? "", $0["fallback_reason"] ?? "") })\n\(llama.log.suffix(1500))")
        #expect(byLLM.allSatisfy { !($0["english"] as? String ?? "").isEmpty })
    }

    static func run(_ arguments: [String], stdin: String, home: URL) throws -> OzenProcess.Result {
        let process = Process()
        process.executableURL = OzenProcess.binary
        process.arguments = arguments
        process.environment = OzenProcess.defaultEnvironment.merging(["OZEN_HOME": home.path]) { $1 }
        let input = Pipe(), out = Pipe(), err = Pipe()
        process.standardInput = input
        process.standardOutput = out
        process.standardError = err
        try process.run()
        input.fileHandleForWriting.write(Data(stdin.utf8))
        try input.fileHandleForWriting.close()
        let outData = out.fileHandleForReading.readDataToEndOfFile()
        let errData = err.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return OzenProcess.Result(status: process.terminationStatus, stdout: String(decoding: outData, as: UTF8.self),
                                  stderr: String(decoding: errData, as: UTF8.self))
    }
}

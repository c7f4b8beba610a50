import Foundation
import OzenIO
import OzenKit
import OzenTestSupport
import Testing

/// `ozen dictate` end to end on a real X11 desktop (Xvfb, a GTK3 text window and an xterm from
/// Debian): real recordings dictated into the focused window, Hebrew letter by letter, her
/// clipboard back afterwards, a take cut at 60 s, and an LLM polish that answers instead of cleaning.
@Suite(.serialized) struct DictationCommandTests {
    static let hebrew = "שלום סבתא, התור לרופא מחר בשבע וחצי"

    static func dictate(_ arguments: [String], desktop: TestDesktop?, home: URL) throws -> OzenProcess.Result {
        var environment = ["OZEN_HOME": home.path, "WAYLAND_DISPLAY": "", "XDG_SESSION_TYPE": "x11"]
        environment["DISPLAY"] = desktop?.display ?? ""
        return try OzenProcess.run(["dictate"] + arguments, environment: environment)
    }

    @Test func aTakeIsPastedIntoTheFocusedWindowAndHerClipboardComesBack() throws {
        let desktop = try TestDesktop()
        defer { desktop.stop() }
        let window = try desktop.textWindow("ozen-gtk-paste")
        try desktop.copy("her own clipboard")
        let home = OzenProcess.testHome()
        let take = try Self.dictate(["--source", Fixtures.jfk.path, "--language", "en"], desktop: desktop, home: home)
        #expect(take.status == 0, "\(take.stderr)")
        let text = desktop.read(window) { $0.lowercased().contains("your country") }
        #expect(text.lowercased().contains("ask what you can do for your country"), "\(text)")
        #expect(text.hasPrefix("And so"), "the first character must arrive: \(text)")
        #expect(try desktop.clipboard() == "her own clipboard")
        // Saved before it was inserted: the take can be had again, raw or polished.
        let raw = try Self.dictate(["last", "--raw", "--insert", "stdout"], desktop: nil, home: home)
        #expect(raw.stdout.hasPrefix("and so"), "\(raw.stdout)")
        let again = try Self.dictate(["last", "--insert", "stdout"], desktop: nil, home: home)
        #expect(again.stdout.trimmingCharacters(in: .whitespacesAndNewlines) == text.trimmingCharacters(in: .whitespacesAndNewlines))
    }

    @Test(arguments: ["type", "paste"]) func everyHebrewLetterArrives(method: String) throws {
        let desktop = try TestDesktop()
        defer { desktop.stop() }
        let window = try desktop.textWindow("ozen-gtk-\(method)")
        let result = try Self.dictate(["insert", Self.hebrew, "--insert", method], desktop: desktop, home: OzenProcess.testHome())
        #expect(result.status == 0, "\(result.stderr)")
        #expect(desktop.read(window) { $0 == Self.hebrew } == Self.hebrew)
    }

    @Test func aTerminalGetsShiftInsertNeverControlV() throws {
        let desktop = try TestDesktop()
        defer { desktop.stop() }
        let terminal = try desktop.terminal("ozen-xterm")
        let text = "Grandma, " + Self.hebrew
        let result = try Self.dictate(["insert", text], desktop: desktop, home: OzenProcess.testHome())
        #expect(result.status == 0, "\(result.stderr)")
        let arrived = desktop.read(terminal) { $0 == text }
        #expect(arrived == text)
        #expect(!arrived.unicodeScalars.contains("\u{16}"), "a ^V reached the terminal")
    }

    @Test func aTakeLongerThanAMinuteEndsAtSixtySeconds() throws {
        let jfk = try WAVDecoder().read(path: Fixtures.jfk.path).atSpeechRate().samples
        let lecture = try WAVDecoder().read(path: Fixtures.path("people/lecturer/lecture.wav")).atSpeechRate().samples
        let long = FileManager.default.temporaryDirectory.appendingPathComponent("ozen-long-take-\(UUID()).wav")
        try WAVEncoder().encode(jfk + lecture).write(to: long)
        defer { try? FileManager.default.removeItem(at: long) }
        let result = try Self.dictate(["--source", long.path, "--language", "en", "--insert", "stdout", "--json"], desktop: nil, home: OzenProcess.testHome())
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stderr.contains("60 s"))
        let take = try #require(try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any])
        #expect(take["cut_at_60_s"] as? Bool == true)
        #expect(take["seconds"] as? Double == 60)
        #expect((take["raw"] as? String ?? "").lowercased().contains("fellow americans"))
    }

    @Test func withNoDesktopTheTextIsKeptAndSheIsToldHowToGetIt() throws {
        let home = OzenProcess.testHome()
        let result = try Self.dictate(["--source", Fixtures.jfk.path, "--language", "en"], desktop: nil, home: home)
        #expect(result.status != 0)
        #expect(result.stderr.contains("no desktop") && result.stderr.contains("ozen dictate last"))
        let last = try Self.dictate(["last", "--insert", "stdout"], desktop: nil, home: home)
        #expect(last.stdout.lowercased().contains("your country"))
    }

    /// A provider that answers the dictated text instead of cleaning it, one that refuses the
    /// key, and one that never answers: each time the local polish is inserted and the status says why.
    @Test func anLLMThatAnswersOrFailsGivesTheLocalPolish() throws {
        let mode = Mode()
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("ozen-polish-\(UUID())")
        try FileManager.default.createDirectory(at: root, withIntermediateDirectories: true)
        let server = try WebServer(options: .init(address: ListenAddress(host: "127.0.0.1", port: 0), documentRoot: root.path),
                                   routes: [("/v1/", { _ in
            switch mode.value {
            case "answer":
                return HTTPResponse(contentType: "text/event-stream", body: Array(("data: {\"choices\":[{\"delta\":{\"content\":\"Sure! I can't know what "
                    + "your country can do, but here is an inspiring speech about duty and service.\"}}]}\n\ndata: [DONE]\n\n").utf8))
            case "clean":
                return HTTPResponse(contentType: "text/event-stream", body: Array(("data: {\"choices\":[{\"delta\":{\"content\":\"And so, my fellow Americans, "
                    + "ask not what your country can do for you; ask what you can do for your country.\"}}]}\n\ndata: [DONE]\n\n").utf8))
            case "hang": Thread.sleep(forTimeInterval: 5); return .json("{}")
            default: return .json(#"{"error":{"message":"Incorrect API key provided","type":"invalid_request_error"}}"#, status: 401)
            }
        })]) { _, _ in nil }
        defer { server.stop() }
        let home = OzenProcess.testHome()
        let set = try LLMTranslatorCommandTests.run(["dictate", "provider", "set", "--base-url", "http://127.0.0.1:\(server.port)/v1",
                                                     "--model", "scripted", "--timeout", "2", "--key-stdin"], stdin: "sk-dictation-key-0123456789\n", home: home)
        #expect(set.status == 0, "\(set.stderr)")
        let local = LocalPolish.cleaned(try Self.take(home: home, polish: "off")["text"] as? String ?? "")
        for (answer, why) in [("answer", "replies to the text"), ("refuse", "refused the key"), ("hang", "did not answer within")] {
            mode.value = answer
            let take = try Self.take(home: home, polish: "llm")
            #expect(take["text"] as? String == local, "\(answer)")
            #expect(take["polish"] as? String == "local")
            #expect((take["note"] as? String ?? "").contains(why), "\(answer): \(take["note"] ?? "")")
        }
        mode.value = "clean"
        let cleaned = try Self.take(home: home, polish: "llm")
        #expect(cleaned["polish"] as? String == "llm scripted")
        #expect((cleaned["text"] as? String ?? "").hasPrefix("And so, my fellow Americans"))
    }

    /// The LLM polish against a real OpenAI-compatible server (llama.cpp with SmolLM2): the
    /// request and the stream work; whether the small model's answer is a cleaning is judged.
    @Test func aRealLocalServerAnswersThePolish() throws {
        let llama = try LlamaServerProcess()
        defer { llama.stop() }
        let home = OzenProcess.testHome()
        let set = try LLMTranslatorCommandTests.run(["dictate", "provider", "set", "--base-url", llama.baseURL, "--model", "smollm2",
                                                     "--timeout", "30"], stdin: "", home: home)
        #expect(set.status == 0, "\(set.stderr)")
        let take = try Self.take(home: home, polish: "llm")
        #expect(!(take["text"] as? String ?? "").isEmpty)
        let note = take["note"] as? String
        #expect(note == nil || !(note!.contains("did not answer")), "\(note ?? "")")
        #expect(take["polish"] as? String == "llm smollm2" || note != nil)
    }

    static func take(home: URL, polish: String) throws -> [String: Any] {
        let result = try dictate(["--source", Fixtures.jfk.path, "--language", "en", "--insert", "stdout", "--json", "--polish", polish],
                                 desktop: nil, home: home)
        #expect(result.status == 0, "\(result.stderr)")
        return (try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any]) ?? [:]
    }

    final class Mode: @unchecked Sendable {
        private let lock = NSLock()
        private var stored = "refuse"
        var value: String {
            get { lock.withLock { stored } }
            set { lock.withLock { stored = newValue } }
        }
    }
}

import Foundation
import OzenIO
import OzenKit
import OzenTestSupport
import Testing

/// The newest Ozen phone app's whole session against the real `ozen serve --lan`, as the app
/// plays it: a `check`, a `captions` stream of a real recording at the protocol's pace (100 ms
/// frames in real time) with its `client`, a `beam` and a words list sent mid-stream, then a
/// problem `report`. Every reply the app expects is checked, `segments` on every text frame,
/// the report's file and its rights, and what the server logs (never the token or the report).
@Suite(.serialized) struct PhoneAppSessionTests {
    static let client = "Ozen 2.1 (93), iOS 18.3.1"
    /// How many reports the server keeps (docs/protocol.md).
    static let keptReports = 50

    static func hello(token: String?, purpose: String, extra: String = "") -> String {
        let tokenField = token.map { #","token":"\#($0)""# } ?? ""
        return #"{"type":"hello","version":1,"language":"en","purpose":"\#(purpose)","client":"\#(client)"\#(tokenField)\#(extra)}"#
    }

    /// Connects and says hello; the `ready` the app waits for.
    static func greeted(_ server: ServeProcess, token: String?, purpose: String, extra: String = "") throws -> WebSocketClient {
        let client = try WebSocketClient.connect(host: "127.0.0.1", port: server.port)
        try client.send(text: hello(token: token, purpose: purpose, extra: extra))
        let ready = HomeProtocolServeTests.object(client.receive(timeout: 30)?.text ?? "")
        #expect(ready["type"] as? String == "ready" && ready["version"] as? Int == 1 && ready["model"] as? String == "base",
                "\(purpose): \(ready)")
        return client
    }

    /// Every text message until the server closes; whether it closed.
    static func untilClosed(_ client: WebSocketClient, timeout: Double = 120) -> (messages: [[String: Any]], closed: Bool) {
        var messages: [[String: Any]] = []
        while let frame = client.receive(timeout: timeout) {
            if let text = frame.text { messages.append(HomeProtocolServeTests.object(text)) }
            if case .close = frame { return (messages, true) }
        }
        return (messages, false)
    }

    /// A number in JSON that is finite (JSON has no NaN or infinity; a bad value would not parse).
    static func finite(_ value: Any?) -> Double? {
        guard let number = value as? NSNumber, number.doubleValue.isFinite else { return nil }
        return number.doubleValue
    }

    /// Waits (up to 15 s) until the server's stderr holds `text`.
    static func logged(_ server: ServeProcess, _ text: String) -> Bool {
        let deadline = Date(timeIntervalSinceNow: 15)
        while Date() < deadline {
            if server.stderr.contains(text) { return true }
            Thread.sleep(forTimeInterval: 0.1)
        }
        return false
    }

    static func reportsFolder(_ server: ServeProcess) -> URL { server.home.appendingPathComponent("reports") }

    static func reportFiles(_ server: ServeProcess) -> [String] {
        ((try? FileManager.default.contentsOfDirectory(atPath: reportsFolder(server).path)) ?? []).filter { $0.hasSuffix(".txt") }.sorted()
    }

    static func mode(_ path: String) -> Int {
        ((try? FileManager.default.attributesOfItem(atPath: path))?[.posixPermissions] as? NSNumber)?.intValue ?? -1
    }

    /// Sends `message` on a report connection; the error the app is given, after which the server closes.
    static func refusedReport(_ server: ServeProcess, token: String, _ send: (WebSocketClient) throws -> Void) throws -> String {
        let client = try greeted(server, token: token, purpose: "report")
        defer { client.close() }
        try send(client)
        let (messages, closed) = untilClosed(client, timeout: 30)
        #expect(closed, "a refused report closes the connection")
        #expect(messages.count == 1 && messages.first?["type"] as? String == "error" && messages.first?["code"] as? String == "bad_request",
                "\(messages)")
        return messages.first?["detail"] as? String ?? ""
    }

    @Test func theNewestAppsWholeSession() throws {
        let server = try ServeProcess(["--lan", "--no-speakers", "--language", "en"])
        defer { server.stop() }
        let token = try HomeProtocolServeTests.token(of: server)

        // The app's connection check: ready, then the app hangs up.
        let check = try Self.greeted(server, token: token, purpose: "check")
        check.close()

        // Captions of a real recording at the protocol's pace, with a beam and a words list
        // given in the hello and replaced mid-stream.
        let captions = try Self.greeted(server, token: token, purpose: "captions", extra: #","beam":3,"vocabulary":["Kennedy"]"#)
        defer { captions.close() }
        let frames = try HomeProtocolServeTests.frames(Fixtures.jfk.path)
        for (i, frame) in frames.enumerated() {
            try captions.send(binary: frame)
            if i == 30 { try captions.send(text: #"{"type":"vocabulary","terms":["Kennedy","fellow Americans"]}"#) }
            Thread.sleep(forTimeInterval: 0.1)
        }
        try captions.send(text: #"{"type":"end"}"#)
        let (messages, closed) = Self.untilClosed(captions)
        #expect(closed, "the server closes after the last final")
        let kinds = Set(messages.compactMap { $0["type"] as? String })
        #expect(kinds.isSubset(of: ["text", "status"]), "\(kinds)")
        let words = HomeProtocolServeTests.finals(messages).joined(separator: " ")
        #expect(WordErrorRate.count(reference: Fixtures.jfk.transcript, hypothesis: words).rate <= 0.1, "finals: \(words)")
        let texts = messages.filter { $0["type"] as? String == "text" }
        #expect(texts.contains { $0["final"] as? Bool == true })
        for text in texts {
            guard let segments = text["segments"] as? [[String: Any]] else {
                Issue.record("a text frame without segments: \(text)")
                continue
            }
            if !(text["text"] as? String ?? "").isEmpty { #expect(!segments.isEmpty, "\(text)") }
            for segment in segments {
                #expect(segment["text"] is String)
                let noSpeech = Self.finite(segment["no_speech"]), logprob = Self.finite(segment["logprob"])
                let compression = Self.finite(segment["compression"])
                #expect(noSpeech.map { (0...1).contains($0) } == true, "no_speech in \(segment)")
                #expect(logprob.map { $0 <= 0 } == true, "logprob in \(segment)")
                #expect(compression.map { $0 > 0 } == true, "compression in \(segment)")
            }
        }
        // Speech throughout: Whisper's no-speech probability stays low on the finals.
        let finalNoSpeech = texts.filter { $0["final"] as? Bool == true }
            .flatMap { $0["segments"] as? [[String: Any]] ?? [] }.compactMap { Self.finite($0["no_speech"]) }
        #expect(!finalNoSpeech.isEmpty && finalNoSpeech.allSatisfy { $0 < 0.5 }, "\(finalNoSpeech)")

        // A problem report: saved, its name given back, then the server closes.
        let reportText = "The captions stopped after the second sentence.\nשורה בעברית, and \"quotes\"."
        let report = try Self.greeted(server, token: token, purpose: "report")
        defer { report.close() }
        try report.send(text: JSONValue.object([("type", .string("report")), ("text", .string(reportText))]).serialized())
        let (replies, reportClosed) = Self.untilClosed(report, timeout: 30)
        #expect(reportClosed)
        #expect(replies.count == 1 && replies.first?["type"] as? String == "report_saved", "\(replies)")
        let name = replies.first?["name"] as? String ?? ""
        #expect(Self.reportFiles(server) == [name])
        let folder = Self.reportsFolder(server).path
        #expect(Self.mode(folder) == 0o700)
        #expect(Self.mode(folder + "/" + name) == 0o600)
        let saved = (try? String(contentsOfFile: folder + "/" + name, encoding: .utf8)) ?? ""
        #expect(saved.split(separator: "\n", omittingEmptySubsequences: false).first == "client: \(Self.client)"[...], "\(saved)")
        #expect(saved.contains(reportText))

        // The page's Settings list it (paired only); so does `ozen diagnostics`.
        #expect(try PlainHTTP.get(server.address + "api/reports").status == 401)
        let listing = try PlainHTTP.get(server.address + "api/reports", headers: ["Authorization": "Bearer \(token)"])
        #expect(listing.status == 200)
        let listed = HomeProtocolServeTests.object(listing.text)["reports"] as? [[String: Any]] ?? []
        #expect(listed.count == 1 && listed.first?["name"] as? String == name && listed.first?["client"] as? String == Self.client,
                "\(listing.text)")
        #expect(!listing.text.contains("second sentence"))
        let diagnostics = try OzenProcess.run(["diagnostics"], environment: ["OZEN_HOME": server.home.path])
        #expect(diagnostics.stdout.contains(name) && diagnostics.stdout.contains(Self.client), "\(diagnostics.stdout)")
        #expect(!diagnostics.stdout.contains("second sentence"))

        // The server's log: each connection's purpose and client, the beam, a summary when it
        // ended; never the token, never the report's words.
        #expect(Self.logged(server, "check, client \"\(Self.client)\""), "\(server.stderr)")
        #expect(Self.logged(server, "captions, client \"\(Self.client)\", final beam 3"), "\(server.stderr)")
        #expect(Self.logged(server, "report, client \"\(Self.client)\""), "\(server.stderr)")
        #expect(Self.logged(server, "report saved as \(name)"), "\(server.stderr)")
        #expect(Self.logged(server, "ended (captions): 0.18 min of audio"), "\(server.stderr)")
        #expect(server.stderr.range(of: #"ended \(captions\): [0-9.]+ min of audio, [1-9][0-9]* lines and [0-9]+ partials sent, [1-9][0-9]* final passes, median final pass [0-9.]+ s"#,
                                    options: .regularExpression) != nil, "\(server.stderr)")
        // Only the announcement shows it: the addresses, the token and the app's pairing link.
        let log = server.stderr.components(separatedBy: "\n").filter {
            !$0.contains("#token=") && !$0.contains("pairing token") && !$0.hasPrefix("  ozen://pair?")
        }
        #expect(!log.joined().contains(token))
        #expect(!server.stderr.contains("second sentence"))
    }

    @Test func badReportsAndBeamsAreRefusedClearlyAndLoseNothing() throws {
        let server = try ServeProcess(["--lan", "--no-speakers", "--language", "en"])
        defer { server.stop() }
        let token = try HomeProtocolServeTests.token(of: server)

        // One good report first: what comes after must not lose it.
        let first = try Self.greeted(server, token: token, purpose: "report")
        try first.send(text: #"{"type":"report","text":"first"}"#)
        let firstName = Self.untilClosed(first, timeout: 30).messages.first?["name"] as? String ?? ""
        first.close()
        #expect(Self.reportFiles(server) == [firstName])

        let noText = try Self.refusedReport(server, token: token) { try $0.send(text: #"{"type":"report"}"#) }
        #expect(noText.contains("no text"), "\(noText)")
        let blank = try Self.refusedReport(server, token: token) { try $0.send(text: #"{"type":"report","text":"  \n "}"#) }
        #expect(blank.contains("no text"), "\(blank)")
        let tooLarge = try Self.refusedReport(server, token: token) {
            try $0.send(text: #"{"type":"report","text":""# + String(repeating: "x", count: HomeConnection.maximumReportBytes + 1) + #""}"#)
        }
        #expect(tooLarge.contains("1000001") && tooLarge.contains("1 MB"), "\(tooLarge)")
        let wrongType = try Self.refusedReport(server, token: token) { try $0.send(text: #"{"type":"end"}"#) }
        #expect(wrongType.contains(#"{"type":"report","text":"#) && wrongType.contains("'end'"), "\(wrongType)")
        let notJSON = try Self.refusedReport(server, token: token) { try $0.send(text: "the captions stopped") }
        #expect(notJSON.contains("not a JSON object"), "\(notJSON)")
        let audio = try Self.refusedReport(server, token: token) { try $0.send(binary: [0, 0, 0, 0]) }
        #expect(audio.contains(#"{"type":"report""#), "\(audio)")
        #expect(Self.reportFiles(server) == [firstName], "nothing saved, nothing lost")

        // The newest 50 are kept: 50 more push out the first alone.
        var names: [String] = []
        for i in 0..<Self.keptReports {
            let client = try Self.greeted(server, token: token, purpose: "report")
            try client.send(text: #"{"type":"report","text":"report \#(i)"}"#)
            names.append(Self.untilClosed(client, timeout: 30).messages.first?["name"] as? String ?? "")
            client.close()
        }
        #expect(Set(names).count == Self.keptReports)
        #expect(Self.reportFiles(server) == names.sorted())

        // A beam outside 1–10 is ignored with a note; the stream runs all the same.
        let stream = try Self.greeted(server, token: token, purpose: "captions", extra: #","beam":12"#)
        try stream.send(text: #"{"type":"end"}"#)
        #expect(Self.untilClosed(stream, timeout: 60).closed)
        stream.close()
        #expect(Self.logged(server, "the server's own final beam (beam 12 ignored: a whole number from 1 to 10 is taken)"), "\(server.stderr)")
    }
}

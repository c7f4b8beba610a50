import Foundation
import OzenKit
import Testing

/// The home protocol's rules as the phone app relies on them (docs/findings.md, "The home
/// protocol as the phone app expects it": observed on Ozen's own server), checked on the state
/// machine without a network.
@Suite struct HomeProtocolTests {
    let token = PairingToken(value: String(repeating: "ab", count: 32))

    func hello(_ extra: String = "") -> String {
        #"{"type":"hello","version":1,"token":"\#(token.value)","language":"en","purpose":"captions"\#(extra)}"#
    }

    @Test func aGoodHelloIsAnsweredReadyBeforeAnyAudio() {
        var connection = HomeConnection(pairing: token, model: "base")
        let actions = connection.receive(text: hello(#","vocabulary":["Rivka"]"#))
        #expect(actions.first == .send(.object([("type", .string("ready")), ("model", .string("base")), ("version", .int(1))])))
        guard case .begin(let begun) = actions.last else { Issue.record("no begin in \(actions)"); return }
        #expect(begun.language == .english && begun.vocabulary == ["Rivka"] && begun.purpose == .captions)
    }

    @Test func whatIsNotAHelloIsABadRequestAndCloses() {
        for first in ["not json", "[1,2]", "{\"type\":"] {
            var connection = HomeConnection(pairing: nil, model: "base")
            #expect(connection.receive(text: first) == [
                .send(HomeMessage.error(code: .badRequest, detail: "hello expected").json), .close(code: 1000),
            ])
        }
        var binaryFirst = HomeConnection(pairing: nil, model: "base")
        #expect(binaryFirst.receive(binary: [0, 0]).last == .close(code: 1000))
        var late = HomeConnection(pairing: nil, model: "base")
        #expect(late.helloDeadlinePassed().first == .send(HomeMessage.error(code: .badRequest, detail: "hello expected").json))
    }

    @Test func anAudioFrameOverTenSecondsOrAHugeTextIsABadRequest() {
        var connection = HomeConnection(pairing: token, model: "base")
        _ = connection.receive(text: hello())
        #expect(connection.receive(binary: [UInt8](repeating: 0, count: 3_200)).count == 1)
        let refused = connection.receive(binary: [UInt8](repeating: 0, count: HomeConnection.maximumAudioFrameBytes + 2))
        #expect(refused.last == .close(code: 1000))
        guard case .send(let error) = refused.first else { Issue.record("no error in \(refused)"); return }
        #expect(error.serialized().contains("bad_request") && error.serialized().contains("10 s"))
        #expect(connection.receive(binary: [0, 0]).isEmpty)

        var chatty = HomeConnection(pairing: nil, model: "base")
        let huge = chatty.receive(text: String(repeating: "x", count: HomeConnection.maximumTextBytes + 1))
        #expect(huge.last == .close(code: 1000))
    }

    @Test func aWrongOrMissingTokenIsUnauthorized() {
        let unauthorized: [HomeConnection.Action] = [.send(HomeMessage.error(code: .unauthorized, detail: "").json), .close(code: 1000)]
        var wrong = HomeConnection(pairing: token, model: "base")
        #expect(wrong.receive(text: #"{"type":"hello","version":1,"token":"abab"}"#) == unauthorized)
        var missing = HomeConnection(pairing: token, model: "base")
        #expect(missing.receive(text: #"{"type":"hello","version":1}"#) == unauthorized)
        var notHello = HomeConnection(pairing: token, model: "base")
        #expect(notHello.receive(text: #"{"type":"audio"}"#) == unauthorized)
        // After refusing, nothing more is taken.
        #expect(wrong.receive(text: hello()).isEmpty && wrong.receive(binary: [1, 2]).isEmpty)
    }

    @Test func onThisComputerOnlyNoTokenIsNeeded() {
        var connection = HomeConnection(pairing: nil, model: "base")
        #expect(connection.receive(text: #"{"type":"hello","version":1}"#).count == 2)
    }

    @Test func audioVocabularyAndEndAfterTheHello() {
        var connection = HomeConnection(pairing: token, model: "base")
        _ = connection.receive(text: hello())
        // 0x4000 = 16384 → 0.5; an odd byte waits for the next frame.
        #expect(connection.receive(binary: [0x00, 0x40, 0x00]) == [.audio([0.5])])
        #expect(connection.receive(binary: [0xC0]) == [.audio([-0.5])])
        #expect(connection.receive(text: #"{"type":"vocabulary","terms":["Noa","Eli"]}"#) == [.vocabulary(["Noa", "Eli"])])
        #expect(connection.receive(text: #"{"type":"whatever"}"#).isEmpty)
        #expect(connection.receive(text: "garbage").isEmpty)
        #expect(connection.receive(text: #"{"type":"end"}"#) == [.end])
        #expect(connection.receive(binary: [0, 0]).isEmpty)
        #expect(connection.receive(text: #"{"type":"end"}"#).isEmpty)
    }

    @Test func aDictationTakeEndsByItselfAtSixtySecondsOfAudio() {
        var connection = HomeConnection(pairing: token, model: "base")
        _ = connection.receive(text: hello().replacingOccurrences(of: "captions", with: "dictation"))
        let second = [UInt8](repeating: 0, count: 32_000)  // 1 s of PCM16
        var samples = 0
        for _ in 0..<59 {
            for action in connection.receive(binary: second) { if case .audio(let s) = action { samples += s.count } }
        }
        // 59.5 s in, a 1 s frame: half of it fits, then the take ends.
        for action in connection.receive(binary: [UInt8](repeating: 0, count: 16_000)) { if case .audio(let s) = action { samples += s.count } }
        let last = connection.receive(binary: second)
        guard case .audio(let kept) = last.first else { Issue.record("no audio in \(last)"); return }
        #expect(samples + kept.count == 60 * 16_000)
        #expect(last.contains(.end))
        #expect(last.contains { if case .send(let m) = $0 { m.serialized().contains("take_limit") } else { false } })
        #expect(connection.phase == .ended)
        #expect(connection.receive(binary: second).isEmpty, "after the limit audio is ignored")
    }

    @Test func onlyTheDisplayMayStarAndSpeak() {
        var display = HomeConnection(pairing: nil, model: "base")
        _ = display.receive(text: #"{"type":"hello","version":1,"purpose":"display"}"#)
        #expect(display.receive(text: #"{"type":"star","id":4,"starred":false}"#) == [.star(lineID: 4, starred: false)])
        #expect(display.receive(text: #"{"type":"say","text":"רגע, לא הבנתי"}"#) == [.say("רגע, לא הבנתי")])
        #expect(display.receive(binary: [0, 0]).isEmpty)
        var phone = HomeConnection(pairing: nil, model: "base")
        _ = phone.receive(text: #"{"type":"hello","version":1}"#)
        #expect(phone.receive(text: #"{"type":"say","text":"hi"}"#).isEmpty)
    }

    @Test func versionsAndLanguagesItCannotServeAreBadRequests() {
        var future = HomeConnection(pairing: nil, model: "base")
        guard case .send(let message) = future.receive(text: #"{"type":"hello","version":2}"#).first else { return }
        #expect(message.serialized().contains("bad_request"))
        var klingon = HomeConnection(pairing: nil, model: "base")
        #expect(klingon.receive(text: #"{"type":"hello","version":1,"language":"tlh"}"#).first.map { "\($0)".contains("unknown language") } == true)
    }

    @Test func everyUtteranceGetsOneFinalAndCountsOn() {
        var numbering = HomeTextNumbering()
        let heard = CaptionLine(id: 1, text: "ask not", start: 0.3, end: 1.5, final: false, confidence: 0.9, uncertain: false, language: "en")
        #expect(numbering.message(for: .partial(heard, at: 1.2))?.serialized().contains(#""utterance":0,"text":"ask not","final":false"#) == true)
        var done = heard
        done.final = true
        let final = numbering.message(for: .line(done, at: 2.4))?.serialized() ?? ""
        #expect(final.contains(#""utterance":0"#) && final.contains(#""final":true"#) && final.contains(#""end_s":1.800"#))
        // A live pass that heard nothing sends nothing; an empty final still counts.
        let nothing = CaptionLine(id: 2, text: "", start: 3, end: 3.5, final: false, confidence: nil, uncertain: false, language: "en")
        #expect(numbering.message(for: .partial(nothing, at: 3.6)) == nil)
        #expect(numbering.message(for: .line(nothing, at: 4.2))?.serialized().contains(#""utterance":1,"text":"""#) == true)
        #expect(numbering.utterance == 2)
    }

    /// A line corrected in place goes to the phone as a second final of the utterance it was
    /// sent as, marked `corrected`; the numbering of later utterances does not move, and a
    /// correction of a line this connection never sent sends nothing.
    @Test func aCorrectedLineIsSentAgainAsAFinalOfItsOwnUtterance() {
        var numbering = HomeTextNumbering()
        let first = CaptionLine(id: 4, text: "He was not an ill-sposed young man.", start: 0.3, end: 2.9, final: true,
                                confidence: 0.8, uncertain: false, language: "en")
        let second = CaptionLine(id: 5, text: "His temper might perhaps be a little sullen.", start: 4.0, end: 7.0, final: true,
                                 confidence: 0.9, uncertain: false, language: "en")
        _ = numbering.message(for: .line(first, at: 3.7))
        _ = numbering.message(for: .line(second, at: 7.8))
        var fixed = first
        fixed.text = "He was not an ill-disposed young man."
        let sent = numbering.message(for: .corrected(LineCorrection(line: fixed, previous: first.text), at: 8.5))?.serialized() ?? ""
        #expect(sent.contains(#""type":"text","utterance":0,"text":"He was not an ill-disposed young man.","final":true"#), "\(sent)")
        #expect(sent.contains(#""corrected":true"#) && sent.contains(#""end_s":3.200"#), "\(sent)")
        #expect(numbering.utterance == 2)
        var stranger = fixed
        stranger.id = 99
        #expect(numbering.message(for: .corrected(LineCorrection(line: stranger, previous: ""), at: 9)) == nil)
    }

    @Test func theHelloCarriesTheAppsClientAndABeamOfOneToTen() {
        func hello(_ extra: String) -> HomeHello? {
            try? HomeHello.parse(#"{"type":"hello","version":1"# + extra + "}").get()
        }
        let asked = hello(#","client":"Ozen 2.1 (93),\niOS 18.3","beam":4"#)
        #expect(asked?.client == "Ozen 2.1 (93), iOS 18.3" && asked?.beam == 4 && asked?.beamNote == nil)
        for refused in [#","beam":12"#, #","beam":0"#, #","beam":2.5"#, #","beam":"5""#] {
            let ignored = hello(refused)
            #expect(ignored?.beam == nil && ignored?.beamNote?.contains("ignored") == true, "\(refused)")
        }
        let plain = hello("")
        #expect(plain?.beam == nil && plain?.beamNote?.contains("no beam") == true && plain?.client == nil)
        #expect(hello(#","client":"\#(String(repeating: "x", count: 500))""#)?.client?.count == HomeHello.longestClient)
        #expect(hello(#","purpose":"report""#)?.purpose == .report)
    }

    @Test func aReportConnectionTakesOneReportAndRefusesAnythingElse() {
        let reportHello = #"{"type":"hello","version":1,"purpose":"report"}"#
        var good = HomeConnection(pairing: nil, model: "base")
        _ = good.receive(text: reportHello)
        #expect(good.receive(text: #"{"type":"report","text":"the captions stopped"}"#) == [.report("the captions stopped")])
        #expect(good.phase == .ended && good.receive(text: #"{"type":"report","text":"again"}"#).isEmpty)

        // A report over the 64 KiB of other messages is taken, up to 1 MB of text.
        var long = HomeConnection(pairing: nil, model: "base")
        _ = long.receive(text: reportHello)
        let big = String(repeating: "ש", count: HomeConnection.maximumReportBytes / 2)
        #expect(long.receive(text: #"{"type":"report","text":"\#(big)"}"#) == [.report(big)])

        func refusal(_ send: (inout HomeConnection) -> [HomeConnection.Action]) -> String {
            var connection = HomeConnection(pairing: nil, model: "base")
            _ = connection.receive(text: reportHello)
            let actions = send(&connection)
            #expect(actions.last == .close(code: 1000) && connection.phase == .closed)
            guard case .send(let error) = actions.first else { return "" }
            return error.serialized()
        }
        #expect(refusal { $0.receive(text: #"{"type":"report"}"#) }.contains("no text"))
        #expect(refusal { $0.receive(text: #"{"type":"report","text":" \n"}"#) }.contains("no text"))
        let tooBig = String(repeating: "x", count: HomeConnection.maximumReportBytes + 1)
        #expect(refusal { $0.receive(text: #"{"type":"report","text":"\#(tooBig)"}"#) }.contains("at most 1000000 (1 MB)"))
        #expect(refusal { $0.receive(text: #"{"type":"vocabulary","terms":[]}"#) }.contains("'vocabulary'"))
        #expect(refusal { $0.receive(text: "plain words") }.contains("not a JSON object"))
        #expect(refusal { $0.receive(binary: [0, 0]) }.contains("bad_request"))
    }

    /// The reference home server saves a report whose emoji was cut in half with "?" in its
    /// place; Foundation's parser refuses such JSON, so the half is mended before parsing.
    @Test func aReportWithAnEmojiCutInHalfIsKeptWithAQuestionMarkForTheHalf() {
        let reportHello = #"{"type":"hello","version":1,"purpose":"report"}"#
        var connection = HomeConnection(pairing: nil, model: "base")
        _ = connection.receive(text: reportHello)
        // "captions stopped 😀" cut after the emoji's first half, then the client's line.
        let cut = #"{"type":"report","text":"captions stopped \ud83d\nOzen 0.2.36 (36), iOS 18.2"}"#
        #expect(connection.receive(text: cut) == [.report("captions stopped ?\nOzen 0.2.36 (36), iOS 18.2")])

        // Whole pairs, escaped backslashes, other escapes and plain text stay; a lone half of either kind is "?".
        #expect(LoneSurrogates.repaired(#"a \ud83d\ude00 b"#) == #"a \ud83d\ude00 b"#)
        #expect(LoneSurrogates.repaired(#"a \ude00 b \udbff"#) == "a ? b ?")
        #expect(LoneSurrogates.repaired(#"path C:\\ud83d"#) == #"path C:\\ud83d"#)
        #expect(LoneSurrogates.repaired(#"\u05e9\u05dc\u05d5\u05dd"#) == #"\u05e9\u05dc\u05d5\u05dd"#)
        #expect(LoneSurrogates.repaired("no escapes, שלום") == "no escapes, שלום")
    }

    @Test func textFramesCarryThePassSegmentsWithFiniteNumbersOnly() {
        var line = CaptionLine(id: 1, text: "ask not", start: 0.3, end: 1.5, final: true, confidence: 0.9, uncertain: false, language: "en")
        line.segments = [PassSegment(text: " ask not", noSpeechProbability: 0.02, averageLogProbability: -0.25),
                         PassSegment(text: " ", noSpeechProbability: .nan, averageLogProbability: -.infinity)]
        var numbering = HomeTextNumbering()
        let frame = numbering.message(for: .line(line, at: 2))?.serialized() ?? ""
        #expect(frame.contains(#""segments":[{"text":" ask not","no_speech":0.0200,"logprob":-0.2500,"compression":"#), "\(frame)")
        #expect(frame.hasSuffix(#"{"text":" ","compression":1.000}]}"#), "\(frame)")
        #expect(!frame.contains("nan") && !frame.contains("inf") && !frame.contains("null]"))
    }

    @Test func tokensCompareWholeAndAreKeptPrivately() throws {
        #expect(token.matches(token.value))
        #expect(!token.matches(String(token.value.dropLast())) && !token.matches(nil) && !token.matches(""))
        let home = OzenHome(path: FileManager.default.temporaryDirectory.appendingPathComponent("ozen-pairing-\(UUID())").path)
        let made = try PairingToken.loadOrCreate(in: home)
        #expect(made.value.count == 64)
        #expect(try PairingToken.loadOrCreate(in: home) == made)
        let rights = try FileManager.default.attributesOfItem(atPath: PairingToken.path(in: home))[.posixPermissions] as? Int
        #expect(rights == 0o600)
        #expect(PairingToken.generate() != made)
    }
}

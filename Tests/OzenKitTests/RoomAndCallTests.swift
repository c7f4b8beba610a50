@testable import OzenKit
import Testing

/// The room and a call joined into one conversation (`RoomAndCall`), on the words the two
/// pipelines wrote when JFK played into a call and, through the laptop's speakers, into the
/// room, with a LibriVox reader speaking in the room before and after (`ozen listen --device
/// ozen_room --device computer:call` under a test sound server, 2026-12-07). Times are the
/// wall clock's, as the session hands them over.
@Suite struct RoomAndCallTests {
    static func line(_ id: Int, _ text: String, _ start: Double, _ end: Double, speaker: String? = "Speaker 1") -> CaptionLine {
        CaptionLine(id: id, text: text, start: start, end: end, final: true, speaker: speaker, confidence: 0.9, uncertain: false, language: "en")
    }

    static func lines(_ events: [CaptionEvent]) -> [CaptionLine] {
        events.compactMap { if case .line(let line, _) = $0 { line } else { nil } }
    }

    @Test func theCallHeardAgainInTheRoomIsDroppedAndHerOwnWordsStay() {
        let joined = RoomAndCall()
        var out: [CaptionEvent] = []
        // She speaks while the call is quiet: her line shows at once.
        out += joined.take(.line(Self.line(1, "He was not an ill-disposed young man.", 0.3, 3.0), at: 4), from: .room, now: 104)
        // The call: JFK, partials then lines.
        out += joined.take(.partial(Self.line(1, "And so my fellow", 3.4, 4.6), at: 5), from: .call, now: 105)
        out += joined.take(.line(Self.line(1, "And so my fellow Americans.", 3.4, 5.3), at: 6.5), from: .call, now: 106.5)
        out += joined.take(.partial(Self.line(2, "Ask not", 6.3, 7.4), at: 7.6), from: .call, now: 107.6)
        // The room's microphone heard it too, a little wrong: dropped.
        out += joined.take(.line(Self.line(2, "So my fellow Americans", 4.0, 5.9), at: 7.2), from: .room, now: 107.9)
        out += joined.take(.line(Self.line(3, "is not.", 6.7, 7.8), at: 9), from: .room, now: 109)
        out += joined.take(.line(Self.line(2, "Ask not!", 6.3, 7.5), at: 9.1), from: .call, now: 109.1)
        #expect(Self.lines(out).map(\.text) == ["He was not an ill-disposed young man.", "And so my fellow Americans.", "Ask not!"])
        #expect(Self.lines(out).map(\.source) == [.room, .call, .call])
        #expect(joined.echoLines == 2)
        // Numbers are the conversation's, in the order lines appeared; speakers apart by source.
        #expect(Self.lines(out).map(\.id) == [1, 2, 3])
        #expect(Self.lines(out).map(\.speaker) == ["Speaker 1", "Speaker 2", "Speaker 2"])
    }

    @Test func herLineSaidOverTheCallWaitsForTheCallThenShows() {
        let joined = RoomAndCall()
        _ = joined.take(.partial(Self.line(1, "what your country can do", 8.4, 10.0), at: 10.2), from: .call, now: 200)
        // Her partial while the call speaks is held back; her locked line waits for the call's words.
        #expect(joined.take(.partial(Self.line(1, "Mr. John Dashwood", 9.0, 10.1), at: 10.3), from: .room, now: 200.3).isEmpty)
        #expect(joined.take(.line(Self.line(1, "And Mr. John Dashwood had then leisure to consider.", 9.0, 12.0), at: 12.5), from: .room, now: 201).isEmpty)
        _ = joined.take(.line(Self.line(1, "what your country can do for you.", 8.4, 11.0), at: 12.6), from: .call, now: 201.2)
        #expect(joined.tick(now: 204).isEmpty, "held for holdFor seconds")
        let shown = Self.lines(joined.tick(now: 205.1))
        #expect(shown.map(\.text) == ["And Mr. John Dashwood had then leisure to consider."])
        #expect(shown.first?.source == .room && shown.first?.id == 2)
        #expect(joined.echoLines == 0)
    }

    /// The two recognizers heard the same sound differently (make test, two lanes, 2026-12-07:
    /// the call's "Laat!" and the room's "Ask not."): the call said as many words while the room
    /// line was said, so it is the call's.
    @Test func anEchoHeardDifferentlyIsStillTheCalls() {
        let joined = RoomAndCall()
        _ = joined.take(.line(Self.line(1, "and so my fellow Americans", 0.6, 2.6), at: 3), from: .call, now: 400)
        _ = joined.take(.line(Self.line(2, "Laat!", 3.6, 4.8), at: 5.5), from: .call, now: 402.5)
        #expect(joined.take(.line(Self.line(1, "Ask not.", 4.0, 5.2), at: 6), from: .room, now: 403).isEmpty)
        #expect(Self.lines(joined.tick(now: 408)).isEmpty)
        #expect(joined.echoLines == 1)
        // Her words said while the call is quiet still show.
        let hers = Self.lines(joined.take(.line(Self.line(2, "He was not an ill-disposed young man.", 20, 23), at: 24), from: .room, now: 440))
        #expect(hers.map(\.text) == ["He was not an ill-disposed young man."])
    }

    @Test func anEchoWhosePartialWasShownIsTakenBack() {
        let joined = RoomAndCall()
        // The room's pass came before the call's: its partial showed.
        let first = joined.take(.partial(Self.line(1, "Ask not what", 6.5, 7.6), at: 7.7), from: .room, now: 300)
        #expect(first.count == 1)
        _ = joined.take(.partial(Self.line(1, "Ask not what your country", 6.3, 8.0), at: 8.1), from: .call, now: 300.4)
        let out = joined.take(.line(Self.line(1, "Ask not what your country", 6.5, 8.2), at: 9), from: .room, now: 301)
        guard case .partial(let gone, _)? = out.first else { Issue.record("\(out)"); return }
        #expect(gone.text.isEmpty && gone.id == 1 && gone.source == .room)
        // What followed the dropped line (its speaker, its name alert) goes with it.
        #expect(joined.take(.speaker(lineID: 1, speaker: "Speaker 2", at: 9.2), from: .room, now: 301.2).isEmpty)
    }

    @Test func eachSourceEndsAloneAndNamesAreKept() {
        let joined = RoomAndCall()
        #expect(joined.take(.status(.finished(lines: 1, audioSeconds: 9), at: 9), from: .call, now: 1).isEmpty)
        let named = Self.lines(joined.take(.line(Self.line(4, "Shalom.", 1, 2, speaker: "Dana"), at: 3), from: .room, now: 2))
        #expect(named.first?.speaker == "Dana" && named.first?.id == 1)
    }
}

import Foundation
import OzenKit
import OzenTestSupport
import Testing

/// Scoring who-said-what against the truth, on the pyannote call's real RTTM.
@Suite struct SpeakerAccuracyTests {
    var callTruth: [SpeechTurn] {
        get throws { SpeechTurn.rttm(try String(contentsOfFile: Fixtures.path("pyannote/sample.rttm"), encoding: .utf8)) }
    }

    @Test func theCallsRTTMHasTwoPeopleAndTheirOverlapsAreRemoved() throws {
        let truth = try callTruth
        #expect(truth.count == 10)
        #expect(Set(truth.map(\.speaker)) == ["speaker90", "speaker91"])
        let solo = SpeechTurn.solo(truth)
        for a in solo {
            for b in solo where b.speaker != a.speaker { #expect(min(a.end, b.end) <= max(a.start, b.start)) }
        }
        // 10.57–14.70 loses 10.57–11.03 and 14.49–14.70 to the other speaker.
        #expect(solo.contains { $0.speaker == "speaker90" && abs($0.start - 11.03) < 1e-9 && abs($0.end - 14.49) < 1e-9 })
    }

    @Test func labelsAreMappedOneToOneForTheMostCredit() throws {
        let truth = try callTruth
        // Every RTTM turn as a line, with swapped names: the mapping undoes the swap.
        let swapped = truth.map { SpeakerAccuracy.Line(start: $0.start, end: $0.end, speaker: $0.speaker == "speaker90" ? "Speaker 2" : "Speaker 1") }
        let time = SpeakerAccuracy.time(swapped, truth: truth)
        #expect(time.mapping == ["Speaker 1": "speaker91", "Speaker 2": "speaker90"])
        #expect(time.share > 0.9 && time.share <= 1)
        // One label for everybody: only the larger speaker's time is right.
        let one = truth.map { SpeakerAccuracy.Line(start: $0.start, end: $0.end, speaker: "Speaker 1") }
        let lumped = SpeakerAccuracy.time(one, truth: truth)
        #expect(lumped.mapping.count == 1 && lumped.share < 0.6)
        // A label per line: only one line per speaker can be right.
        let each = truth.enumerated().map { SpeakerAccuracy.Line(start: $1.start, end: $1.end, speaker: "Speaker \($0 + 1)") }
        #expect(SpeakerAccuracy.lines(each, truth: truth).correct == 2)
    }

    @Test func theTableIsTheSameForTheSameSeedAndNobodySpeaksTwiceInARow() throws {
        let turns = try ["jfk/jfk.wav", "cards/005.wav", "cards/002.wav"].enumerated().flatMap { i, path in
            SimulatedTable.Turn(speaker: "p\(i)", samples: try WAVDecoder().read(path: Fixtures.path(path)).atSpeechRate().samples).pieces(longest: 4)
        }
        #expect(turns.allSatisfy { $0.seconds <= 4 })
        #expect(turns.filter { $0.speaker == "p0" }.reduce(0) { $0 + $1.samples.count } == 176_000)
        let a = SimulatedTable(turns: turns, seed: 7), b = SimulatedTable(turns: turns, seed: 7)
        #expect(a.truth == b.truth && a.audio == b.audio)
        #expect(SimulatedTable(turns: turns, seed: 8).truth != a.truth)
        let speakers = a.truth.map(\.speaker)
        #expect(zip(speakers, speakers.dropFirst()).filter { $0 == $1 }.count <= 1)
        for (x, y) in zip(a.truth, a.truth.dropFirst()) { #expect(y.start - x.end >= 0.7 && y.start - x.end <= 1.2001) }
    }
}

/// Dividing a line's timed words among the voices heard in it, on the call's real turns.
@Suite struct LineSplitTests {
    @Test func wordsFollowTheVoiceThatHoldsTheirMiddle() throws {
        let truth = SpeechTurn.rttm(try String(contentsOfFile: Fixtures.path("pyannote/sample.rttm"), encoding: .utf8))
        // Words every 0.5 s from 14.0 to 19.0 s: speaker90 until 14.49, speaker91 to 17.92, 90 again
        // from 18.05. The word at 18.0–18.4 lies where both talk (18.15–18.59) beside a 0.1 s
        // stretch of 90 alone, too short to hold a word: it stays with 91, the nearer voice.
        let words = stride(from: 14.0, to: 19.0, by: 0.5).map { TimedWord(text: "w\($0)", start: $0, end: $0 + 0.4) }
        let parts = LineSplit.split(words, at: SpeechTurn.solo(truth.filter { $0.end > 14 && $0.start < 19 }))
        #expect(parts.map(\.voice) == ["speaker90", "speaker91", "speaker90"])
        #expect(parts.map(\.words.count) == [1, 8, 1])
        #expect(parts.flatMap(\.words) == words)
    }

    @Test func oneVoiceOrNoSegmentsLeaveTheLineWhole() {
        let words = [TimedWord(text: "a", start: 0, end: 0.3), TimedWord(text: "b", start: 0.4, end: 0.9)]
        #expect(LineSplit.split(words, at: []).count == 1)
        #expect(LineSplit.split(words, at: [SpeechTurn(speaker: "0", start: 0, end: 1)]).map(\.words) == [words])
        // A 0.2 s blip of another voice is too short to carry a word of its own.
        let blip = [SpeechTurn(speaker: "0", start: 0, end: 1), SpeechTurn(speaker: "1", start: 0.5, end: 0.7)]
        #expect(LineSplit.split(words, at: blip).count == 1)
    }

    @Test func aChangeOfVoiceNearAPauseInTheLineMovesToThePause() {
        // Seed 1 of the five-person table: "…originally from Chicago." (ends 25.9 s), 0.85 s of
        // pause, then "And so my fellow Americans" from 26.8 s; the segmentation heard the first
        // voice on until 26.9 s, so "And" went with it.
        let words = [("originally", 24.6, 25.2), ("from", 25.2, 25.4), ("Chicago.", 25.4, 25.9),
                     ("And", 26.6, 26.95), ("so", 27.0, 27.2), ("my", 27.2, 27.4)].map { TimedWord(text: $0.0, start: $0.1, end: $0.2) }
        let voices = [SpeechTurn(speaker: "A", start: 24.5, end: 26.9), SpeechTurn(speaker: "B", start: 26.9, end: 27.6)]
        #expect(LineSplit.split(words, at: voices).map(\.words.count) == [4, 2])
        let seam = LineSplit.Seam(wordIndex: 3, time: 26.45)
        let parts = LineSplit.split(words, at: voices, seams: [seam])
        #expect(parts.map(\.voice) == ["A", "B"])
        #expect(parts.map(\.words.count) == [3, 3])
        #expect(parts.flatMap(\.words) == words)
        // A pause farther than the snapping distance from the change, or one that would leave a
        // part with no word, leaves the split where the voices put it.
        #expect(LineSplit.split(words, at: voices, seams: [LineSplit.Seam(wordIndex: 1, time: 25.2)]).map(\.words.count) == [4, 2])
        #expect(LineSplit.split(words, at: voices, seams: [LineSplit.Seam(wordIndex: 0, time: 26.9)]).map(\.words.count) == [4, 2])
    }
}

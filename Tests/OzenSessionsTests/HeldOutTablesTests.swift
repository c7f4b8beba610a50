import Foundation
import OzenKit
import OzenSessions
import OzenTestSupport
import Testing

/// The two held-out tables of `ozen bench accuracy --held-out`, as setup installs them: every
/// recording has its transcript, and the second table shares no recording with the first, so
/// a setting tried on the first is reported on speech nothing was tried on.
@Suite struct HeldOutTablesTests {
    @Test func theSecondHeldOutTableIsItsOwnSpeech() throws {
        let first = try AccuracyBench.heldOutTable(folder: Fixtures.folder.path, seed: 7)
        let second = try AccuracyBench.secondHeldOutTable(folder: Fixtures.folder.path, seed: 7)
        #expect(first.group != second.group)
        #expect(second.turns.count == 11)
        #expect(Set(second.turns.map(\.turn.speaker)) == ["michael", "host", "caster"])
        // Its 184 words, hesitations left out, and none of its sentences read in the first table.
        #expect(WordErrorRate.normalisedWords(second.reference ?? "").count == 184)
        let firstTexts = Set(first.turns.map(\.text))
        #expect(second.turns.allSatisfy { !firstTexts.contains($0.text) && !$0.text.isEmpty })
    }
}

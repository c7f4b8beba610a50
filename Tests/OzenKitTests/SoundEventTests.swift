import Foundation
import OzenKit
import OzenTestSupport
import Testing

/// The sound event's JSON contract, the catalog's shape and the muted-sounds list.
@Suite struct SoundEventTests {
    @Test func jsonHasTheDocumentedFieldsInOrder() {
        let event = CaptionEvent.sound(SoundAlertEvent(at: 12.96, kind: "doorbell", className: "Ding-dong", score: 0.8312,
                                                       priority: 2, start: 11.04, end: 12.96))
        #expect(event.json.serialized() ==
            #"{"type":"sound","at":12.960,"kind":"doorbell","class":"Ding-dong","score":0.831,"priority":2,"start":11.040,"end":12.960}"#)
        #expect(event.at == 12.96)
    }

    @Test(arguments: SoundTagger.allCases)
    func catalogKindsAreDistinctAndRanked(tagger: SoundTagger) {
        let kinds = tagger.kinds
        #expect(kinds.map(\.name) == SoundKind.yamnet.map(\.name), "every tagger listens for the same kinds")
        #expect(Set(kinds.map(\.name)).count == kinds.count)
        let classes = kinds.flatMap(\.classes)
        #expect(Set(classes).count == classes.count, "a class belongs to one kind")
        #expect(classes.count == 57)
        #expect(kinds.filter(\.isDanger).map(\.name) == ["alarm", "siren", "explosion"])
        #expect(kinds.allSatisfy { (1...3).contains($0.priority) })
        // A score 0…1, or for a kind judged against talk a multiple (more than 1) of what talk
        // gave each class, each of those a score.
        #expect(kinds.allSatisfy { kind in
            guard let levels = kind.talkLevels else { return kind.threshold > 0 && kind.threshold < 1 }
            return kind.threshold > 1 && levels.count == kind.classes.count && levels.allSatisfy { $0 > 0 && $0 < 1 }
        })
        #expect(kinds.allSatisfy { $0.windowsToAgree >= 1 && $0.windowsLooked >= $0.windowsToAgree && ($0.sureScore ?? 1) >= $0.threshold })
        #expect(SoundKind.named(" Doorbell ")?.name == "doorbell")
        #expect(SoundKind.named("doorbel") == nil)
    }

    @Test func mutedSoundsSurviveASaveAndIgnoreComments() throws {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("ozen-muted-\(UUID())/muted-sounds.txt").path
        defer { try? FileManager.default.removeItem(atPath: (path as NSString).deletingLastPathComponent) }
        #expect(try MutedSounds.load(from: path).kinds.isEmpty)
        var muted = MutedSounds()
        let added = [muted.mute("Dog"), muted.mute("dog"), muted.mute("kettle")]
        #expect(added == [true, false, true])
        try muted.save(to: path)
        #expect(try String(contentsOfFile: path, encoding: .utf8) == "dog\nkettle\n")
        try "# the neighbour's dog\ndog\n\n  water \n".write(toFile: path, atomically: true, encoding: .utf8)
        var loaded = try MutedSounds.load(from: path)
        #expect(loaded.kinds == ["dog", "water"])
        let removed = loaded.unmute("DOG")
        #expect(removed && loaded.kinds == ["water"])
    }

    @Test func aMixPutsTheSoundAtTheAskedLevel() throws {
        let speech = try WAVDecoder().read(path: Fixtures.jfk.path).atSpeechRate().samples
        let ring = try WAVDecoder().read(path: Fixtures.path("sounds/phone-incoming-call.wav")).atSpeechRate().samples
        for level in [6.0, 0, -12] {
            let offset = 3 * MonoAudio.speechRate
            let mixed = SoundMix.mix(sound: ring, into: speech, at: offset, levelDB: level)
            #expect(mixed.count == speech.count)
            // What was added is the ring at the asked level against the speech (within 0.5 dB).
            let added = (0..<ring.count).map { mixed[offset + $0] - speech[offset + $0] }
            let loud = try #require(speech.indices.first { $0 < offset && abs(speech[$0]) > 0.05 })
            let scale = Double(mixed[loud] / speech[loud])
            let measured = 20 * log10(SoundMix.activeRMS(added) / scale / SoundMix.activeRMS(speech))
            #expect(abs(measured - level) < 0.5, "\(level) dB asked, \(measured) dB laid in")
            #expect(mixed.allSatisfy { abs($0) <= 0.99 + 1e-6 })
        }
    }
}

import Foundation
import OzenKit
import OzenTestSupport
import Testing

/// The list of real alert recordings setup installs (scripts/alert-sounds.tsv) and how it is read:
/// every kind it names exists, the kinds with more than one recording have one in each half
/// (so the figures quoted are on recordings no number was chosen on), and a damaged line is
/// refused with its number.
@Suite struct AlertRecordingTests {
    static func listText() throws -> String {
        try String(contentsOf: Fixtures.repository.appendingPathComponent("scripts/alert-sounds.tsv"), encoding: .utf8)
    }

    @Test func theListSetupInstallsIsSplitIntoTwoHalvesForEveryKindItCan() throws {
        let recordings = try AlertRecording.catalogue(tsv: try Self.listText())
        #expect(recordings.count == 121)
        // The real ones shared/sounds holds are in: a real house fire alarm among them.
        #expect(recordings.filter { $0.file == "alarm-smoke-fire-house.wav" && !$0.isStandIn && $0.kind == "alarm" }.count == 1)
        #expect(recordings.filter { $0.file.hasPrefix("baby-cry-donateacry-") }.count == 20)
        #expect(Set(recordings.map(\.file)).count == recordings.count, "file names repeat")
        let byKind = Dictionary(grouping: recordings.filter { $0.kind != nil }, by: { $0.kind! })
        for (kind, list) in byKind where list.count >= 2 {
            #expect(Set(list.map(\.half)) == [.tune, .report], "\(kind) is not in both halves")
        }
        // Dangers, the door and the phone have at least four recordings each.
        for kind in ["alarm", "siren", "doorbell", "phone"] { #expect((byKind[kind]?.count ?? 0) >= 4, "\(kind)") }
        // The stand-ins are named as such: desktop chimes and a bell ring for doorbells, a beeper
        // and a game's bell for alarms, a steam whistle and hiss for the kettle, a ringback tone for a phone.
        #expect(recordings.filter(\.isStandIn).map(\.file).sorted() == [
            "alarm-fire-bell.wav", "alarm-high-beeps.wav", "doorbell-bell-ring.wav", "doorbell-chime-eiskalt.wav",
            "doorbell-chime-oxygen.wav", "doorbell-two-tone.wav", "kettle-steam-hiss.wav", "kettle-steam-whistle.wav",
            "phone-outgoing-calling.wav"])
        // Sounds that must raise nothing (desktop chimes, other animals, a washing machine) are in both halves too.
        #expect(Set(recordings.filter { $0.kind == nil }.map(\.half)) == [.tune, .report])
    }

    /// Real music, what false alerts are counted over besides talk: game music from two Debian
    /// packages, one for each half, over eight minutes in each, never among the trials.
    @Test func musicIsApartFromTheTrialsInBothHalves() throws {
        let music = try AlertRecording.catalogue(tsv: try Self.listText(), music: true)
        #expect(music.count == 9)
        #expect(music.allSatisfy { $0.kind == nil && !$0.isStandIn && $0.file.hasPrefix("music-") })
        #expect(Set(music.map(\.half)) == [.tune, .report])
        #expect(Set(music.filter { $0.half == .tune }.map(\.source)) != Set(music.filter { $0.half == .report }.map(\.source)))
        for half in AlertRecording.Half.allCases {
            let seconds = try music.filter { $0.half == half }.reduce(0.0) { sum, track in
                sum + Double(try WAVDecoder().read(path: Fixtures.path("alerts/" + track.file)).samples.count) / Double(MonoAudio.speechRate)
            }
            #expect(seconds > 480, "\(half): \(seconds) s of music")
        }
        let trials = try AlertRecording.catalogue(tsv: try Self.listText())
        #expect(Set(trials.map(\.file)).isDisjoint(with: music.map(\.file)))
        let good = "x.wav\t-\ttune\t1\t0\tpkg\t1.0\tpath\tabc\tGPL\tmusic"
        #expect(throws: AlertRecording.ReadError(line: 1, detail: "music raises no alert: its kind is -")) {
            _ = try AlertRecording.catalogue(tsv: good.replacingOccurrences(of: "\t-\t", with: "\tdog\t"), music: true)
        }
    }

    @Test func theInstalledCopyIsTheList() throws {
        let installed = try String(contentsOf: Fixtures.folder.appendingPathComponent("alerts/alert-sounds.tsv"), encoding: .utf8)
        #expect(installed == (try Self.listText()), "setup's copy differs from scripts/alert-sounds.tsv (run make setup)")
        for recording in try AlertRecording.catalogue(tsv: installed) + AlertRecording.catalogue(tsv: installed, music: true) {
            #expect(FileManager.default.fileExists(atPath: Fixtures.folder.appendingPathComponent("alerts/" + recording.file).path),
                    "\(recording.file) is missing")
        }
    }

    @Test func aDamagedLineIsRefusedWithItsNumber() {
        let good = "x.wav\tdog\ttune\t1\t0\tpkg\t1.0\tpath\tabc\tMIT\treal"
        #expect(throws: AlertRecording.ReadError(line: 3, detail: "11 columns needed, found 3")) {
            _ = try AlertRecording.catalogue(tsv: "# note\n\(good)\na\tb\tc\n")
        }
        #expect(throws: AlertRecording.ReadError.self) {
            _ = try AlertRecording.catalogue(tsv: good.replacingOccurrences(of: "dog", with: "dragon"))
        }
        #expect(throws: AlertRecording.ReadError.self) {
            _ = try AlertRecording.catalogue(tsv: good.replacingOccurrences(of: "tune", with: "both"))
        }
        #expect(throws: AlertRecording.ReadError.self) {
            _ = try AlertRecording.catalogue(tsv: good.replacingOccurrences(of: "\t1\t0\t", with: "\tmany\t0\t"))
        }
        #expect(throws: AlertRecording.ReadError(line: 1, detail: "the last column must be real, stand-in or music, found 'fake'")) {
            _ = try AlertRecording.catalogue(tsv: good.replacingOccurrences(of: "\treal", with: "\tfake"))
        }
        let read = try? AlertRecording.catalogue(tsv: good.replacingOccurrences(of: "\tdog\t", with: "\t-\t"))
        #expect(read?.first?.kind == nil && read?.first?.half == .tune && read?.first?.isStandIn == false)
        let standIn = try? AlertRecording.catalogue(tsv: good.replacingOccurrences(of: "\treal", with: "\tstand-in"))
        #expect(standIn?.first?.isStandIn == true)
    }
}

import Foundation
import OzenKit
import OzenTestSupport
import Testing

/// `ozen sounds` and the sound alerts of `ozen caption`, end to end with the built binary, the
/// installed standard tagger (EfficientAT) and real recordings: a telephone ringing into a real
/// speech, the evaluation's JSON, muting, and what plain talk raises (nothing).
@Suite(.serialized) struct SoundsCommandTests {
    let home = OzenProcess.testHome()
    var environment: [String: String] { ["OZEN_HOME": home.path] }

    /// jfk's 11 s with Gajim's incoming call (a telephone bell, 4 s) from 2 s on, at +6 dB
    /// against him. (linphone's old telephone, which YAMNet hears, is "Alarm clock" or music to
    /// EfficientAT.)
    func ringingIntoSpeech() throws -> String {
        let speech = try WAVDecoder().read(path: Fixtures.jfk.path).atSpeechRate().samples
        let ring = try WAVDecoder().read(path: Fixtures.path("alerts/phone-gajim.wav")).atSpeechRate().samples
        let mixed = SoundMix.mix(sound: ring, into: speech, at: 2 * MonoAudio.speechRate, levelDB: 6)
        let url = home.appendingPathComponent("ringing.wav")
        try WAVEncoder().encode(mixed).write(to: url)
        return url.path
    }

    func events(_ stdout: String) throws -> [[String: Any]] {
        try stdout.split(separator: "\n").map {
            try #require(try JSONSerialization.jsonObject(with: Data($0.utf8)) as? [String: Any])
        }
    }

    @Test func evalReportsRecallPerLevelAndPlainTalkRaisesNothing() throws {
        defer { try? FileManager.default.removeItem(at: home) }
        let result = try OzenProcess.run(["sounds", "eval", "--half", "tune", "--only", "phone-gajim.wav", "--levels", "0,-10",
                                          "--minutes", "1", "--music-minutes", "1", "--json", "--fixtures", Fixtures.folder.path],
                                         environment: environment)
        #expect(result.status == 0, "\(result.stderr)")
        let report = try #require(try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any])
        let kinds = try #require(report["kinds"] as? [[String: Any]])
        let phone = try #require(kinds.first { $0["kind"] as? String == "phone" })
        let levels = try #require(phone["by_level"] as? [[String: Any]])
        // Gajim's incoming call at 0 and -10 dB into each of the tune half's six speech
        // recordings (five LibriVox clips, jfk).
        #expect(levels.map { $0["trials"] as? Int } == [6, 6])
        #expect((levels[0]["detected"] as? Int ?? 0) >= 3, "\(phone)")
        #expect((levels[0]["detected"] as? Int ?? 0) >= (levels[1]["detected"] as? Int ?? 0))
        #expect(report["speech_recordings"] as? [String] == [
            "librivox/sense_and_sensibility_01_austen_64kb-0870.wav", "librivox/sense_and_sensibility_01_austen_64kb-0880.wav",
            "librivox/sense_and_sensibility_01_austen_64kb-0890.wav", "librivox/sense_and_sensibility_01_austen_64kb-0920.wav",
            "librivox/sense_and_sensibility_01_austen_64kb-0930.wav", "jfk/jfk.wav"])
        let conversation = try #require(report["conversation"] as? [String: Any])
        #expect(conversation["seconds"] as? Double ?? 0 > 59)
        #expect(conversation["alerts"] as? Int == 0, "\(conversation)")
        #expect((report["ms_per_window"] as? Double ?? 0) > 0)
        // A minute of the tune half's game music, alone and under talk, is heard too.
        let music = try #require(report["music"] as? [String: Any])
        #expect(music["seconds"] as? Double ?? 0 > 59 && (music["what"] as? String ?? "").contains("extremetuxracer-data"), "\(music)")
        #expect(music["alerts"] is Int && music["by_kind"] is [String: Any])

        // The same recording chooses numbers: every kind is listed, the phone's found.
        let tuned = try OzenProcess.run(["sounds", "eval", "--tune", "--only", "phone-gajim.wav", "--levels", "0",
                                         "--minutes", "1", "--fixtures", Fixtures.folder.path], environment: environment)
        #expect(tuned.status == 0, "\(tuned.stderr)")
        let lines = tuned.stdout.split(separator: "\n")
        #expect(lines.count == 1 + SoundKind.all.count, "\(tuned.stdout)")
        let phoneLine = try #require(lines.first { $0.hasPrefix("phone:") })
        #expect(!phoneLine.contains("found 0 of"), "\(phoneLine)")

        // --ceiling chooses the numbers on the very trials it reports, and says so.
        let ceiling = try OzenProcess.run(["sounds", "eval", "--ceiling", "--half", "tune", "--only", "phone-gajim.wav", "--levels", "0",
                                           "--minutes", "1", "--json", "--fixtures", Fixtures.folder.path], environment: environment)
        #expect(ceiling.status == 0, "\(ceiling.stderr)")
        let bound = try #require(try JSONSerialization.jsonObject(with: Data(ceiling.stdout.utf8)) as? [String: Any])
        #expect((bound["half"] as? String ?? "").contains("a ceiling, not a result"), "\(bound["half"] ?? "")")
        let boundPhone = try #require((bound["kinds"] as? [[String: Any]])?.first { $0["kind"] as? String == "phone" })
        #expect(((boundPhone["by_level"] as? [[String: Any]])?.first?["detected"] as? Int ?? 0) >= 3, "\(boundPhone)")

        let wrongHalf = try OzenProcess.run(["sounds", "eval", "--tune", "--half", "report"], environment: environment)
        #expect(wrongHalf.status == 64 && wrongHalf.stderr.contains("tune half"), "\(wrongHalf.stderr)")
        // --retune chooses on the tune half and reports the other; --against-talk is a way to choose.
        let retuneTune = try OzenProcess.run(["sounds", "eval", "--tune", "--retune"], environment: environment)
        #expect(retuneTune.status == 64 && retuneTune.stderr.contains("--retune"), "\(retuneTune.stderr)")
        let talkAlone = try OzenProcess.run(["sounds", "eval", "--against-talk"], environment: environment)
        #expect(talkAlone.status == 64 && talkAlone.stderr.contains("--against-talk"), "\(talkAlone.stderr)")
        // --ceiling chooses on the half it reports: with --retune it would choose twice.
        let ceilingRetune = try OzenProcess.run(["sounds", "eval", "--ceiling", "--retune"], environment: environment)
        #expect(ceilingRetune.status == 64 && ceilingRetune.stderr.contains("--ceiling"), "\(ceilingRetune.stderr)")
    }

    @Test func hearFindsTheTelephoneAndNothingInPlainSpeech() throws {
        defer { try? FileManager.default.removeItem(at: home) }
        let runs = try OzenProcess.runTogether([["sounds", "hear", try ringingIntoSpeech(), "--json"],
                                                ["sounds", "hear", Fixtures.jfk.path, "--json"]], environment: environment)
        let ringing = runs[0], plain = runs[1]
        #expect(ringing.status == 0, "\(ringing.stderr)")
        let alerts = try events(ringing.stdout)
        #expect(alerts.map { $0["kind"] as? String } == ["phone"], "\(ringing.stdout)")
        if let phone = alerts.first {
            #expect(phone["type"] as? String == "sound" && phone["priority"] as? Int == 2)
            #expect((phone["at"] as? Double ?? 0) > 2 && (phone["at"] as? Double ?? 99) < 8)
        }
        #expect(plain.status == 0 && plain.stdout.isEmpty, "\(plain.stdout)")
    }

    @Test func captionShowsTheSoundAndHonoursMuting() throws {
        defer { try? FileManager.default.removeItem(at: home) }
        let path = try ringingIntoSpeech()
        // --notify with no notification service: said once on stderr, and the captions go on.
        let heard = try OzenProcess.run(["caption", path, "--language", "en", "--json", "--no-save", "--no-speakers", "--notify"],
                                        environment: environment.merging(["DBUS_SESSION_BUS_ADDRESS": "unix:path=\(home.path)/no-bus"]) { $1 })
        #expect(heard.status == 0, "\(heard.stderr)")
        let all = try events(heard.stdout)
        let sounds = all.filter { $0["type"] as? String == "sound" }
        #expect(sounds.map { $0["kind"] as? String } == ["phone"], "\(sounds)")
        #expect(all.contains { $0["type"] as? String == "line" && !($0["text"] as? String ?? "").isEmpty })
        #expect(heard.stderrLines.filter { $0.contains("no desktop notification service") }.count == 1, "\(heard.stderr)")

        // The plain text, the phone muted for this run, and no sounds at all: three runs at once.
        let runs = try OzenProcess.runTogether([
            ["caption", path, "--language", "en", "--no-save", "--no-speakers"],
            ["caption", path, "--language", "en", "--json", "--no-save", "--no-speakers", "--mute-sound", "phone"],
            ["caption", path, "--language", "en", "--json", "--no-save", "--no-speakers", "--no-sounds"],
        ], environment: environment)
        let plain = runs[0], muted = runs[1], off = runs[2]
        #expect(plain.stdout.contains("🔔 phone ringing"), "\(plain.stdout)")
        #expect(muted.status == 0 && !muted.stdout.contains(#""type":"sound""#), "\(muted.stdout)")
        #expect(off.status == 0 && !off.stdout.contains(#""type":"sound""#))
    }

    @Test func muteListAndMistakes() throws {
        defer { try? FileManager.default.removeItem(at: home) }
        let muted = try OzenProcess.run(["sounds", "mute", "Dog", "kettle"], environment: environment)
        #expect(muted.status == 0 && muted.stdout.contains("muted: dog, kettle"), "\(muted.stdout)")
        #expect(try String(contentsOf: home.appendingPathComponent("muted-sounds.txt"), encoding: .utf8) == "dog\nkettle\n")
        let listed = try OzenProcess.run(["sounds", "list"], environment: environment)
        let dogLine = listed.stdout.split(separator: "\n").first { $0.hasPrefix("dog\t") }
        #expect(dogLine?.contains("(muted)") == true && listed.stdout.contains("alarm\t3\t"), "\(listed.stdout)")

        let danger = try OzenProcess.run(["sounds", "mute", "alarm"], environment: environment)
        #expect(danger.status == 0 && danger.stderr.contains("danger sound"), "\(danger.stderr)")
        let back = try OzenProcess.run(["sounds", "unmute", "alarm", "dog", "kettle"], environment: environment)
        #expect(back.stdout.contains("no sounds are muted"), "\(back.stdout)")

        let typo = try OzenProcess.run(["sounds", "mute", "doorbel"], environment: environment)
        #expect(typo.status == 64 && typo.stderrLines.count == 1 && typo.stderr.contains("doorbell"), "\(typo.stderr)")
        let captionTypo = try OzenProcess.run(["caption", Fixtures.jfk.path, "--mute-sound", "sirens"], environment: environment)
        #expect(captionTypo.status == 64 && captionTypo.stderr.contains("no sound is called 'sirens'"), "\(captionTypo.stderr)")
    }

    /// Her doorbell taught from one real recording of it alone (`ozen sounds teach`) is found by
    /// her name when it rings into talk at the same loudness, through `ozen caption` and `ozen
    /// sounds hear`; a recording with no sound, a missing file, an unknown kind and a list
    /// that is not hers are said in one line each and change nothing; `forget` removes it.
    @Test func herDoorbellTaughtFromOneRecordingIsFoundByHerName() throws {
        defer { try? FileManager.default.removeItem(at: home) }
        let chime = Fixtures.path("alerts/doorbell-dingdong.wav")
        let taught = try OzenProcess.run(["sounds", "teach", "Front door", chime], environment: environment)
        #expect(taught.status == 0 && taught.stdout.contains(#"taught "Front door" (doorbell, priority 2) from 1 recording"#), "\(taught.stdout)\(taught.stderr)")
        let listed = try OzenProcess.run(["sounds", "taught"], environment: environment)
        #expect(listed.stdout == "Front door\tdoorbell\t2\tdoorbell-dingdong.wav\n", "\(listed.stdout)")

        let talk = try WAVDecoder().read(path: Fixtures.path("librivox/sense_and_sensibility_01_austen_64kb-0880.wav")).atSpeechRate().samples
        let ring = try WAVDecoder().read(path: chime).atSpeechRate().samples
        let mixed = home.appendingPathComponent("rung.wav")
        try WAVEncoder().encode(SoundMix.mix(sound: ring, into: talk, at: 2 * MonoAudio.speechRate, levelDB: 0)).write(to: mixed)
        let captioned = try OzenProcess.run(["caption", mixed.path, "--language", "en", "--json", "--no-save", "--no-speakers"], environment: environment)
        #expect(captioned.status == 0, "\(captioned.stderr)")
        let sounds = try events(captioned.stdout).filter { $0["type"] as? String == "sound" && $0["kind"] as? String == "taught" }
        #expect(sounds.count == 1, "\(captioned.stdout)")
        let found = try #require(sounds.first)
        #expect(found["class"] as? String == "Front door" && found["priority"] as? Int == 2)
        #expect((found["at"] as? Double ?? 0) >= 2 && (found["at"] as? Double ?? 99) <= 3, "\(found)")
        let heard = try OzenProcess.run(["sounds", "hear", mixed.path], environment: environment)
        #expect(heard.stdout.contains("🔔 Front door ["), "\(heard.stdout)")

        let silence = home.appendingPathComponent("silence.wav")
        try WAVEncoder().encode([Float](repeating: 0, count: MonoAudio.speechRate)).write(to: silence)
        let quiet = try OzenProcess.run(["sounds", "teach", "Oven", silence.path], environment: environment)
        #expect(quiet.status == 65 && quiet.stderrLines.count == 1 && quiet.stderr.contains("too little in it to be found again"), "\(quiet.stderr)")
        let missing = try OzenProcess.run(["sounds", "teach", "Oven", home.appendingPathComponent("nothing.wav").path], environment: environment)
        #expect(missing.status == 66 && missing.stderr.contains("no such file"), "\(missing.stderr)")
        let kind = try OzenProcess.run(["sounds", "teach", "Oven", chime, "--kind", "oven"], environment: environment)
        #expect(kind.status == 64 && kind.stderr.contains("--kind is alarm, doorbell or appliance"), "\(kind.stderr)")
        #expect(try OzenProcess.run(["sounds", "taught"], environment: environment).stdout == listed.stdout)

        let forgot = try OzenProcess.run(["sounds", "forget", "front door"], environment: environment)
        #expect(forgot.status == 0 && forgot.stdout.contains("forgot"), "\(forgot.stdout)")
        #expect(try OzenProcess.run(["sounds", "taught"], environment: environment).stdout.contains("no sounds taught yet"))
        let again = try OzenProcess.run(["sounds", "forget", "Front door"], environment: environment)
        #expect(again.status == 66 && again.stderr.contains("no taught sound is called 'Front door'"), "\(again.stderr)")

        try Data("not a list".utf8).write(to: home.appendingPathComponent("taught-sounds.json"))
        let broken = try OzenProcess.run(["sounds", "taught"], environment: environment)
        #expect(broken.status == 65 && broken.stderr.contains("is not a list of taught sounds"), "\(broken.stderr)")
    }


    /// `ozen sounds teach NAME --record 2` takes her doorbell twice from the microphone (the
    /// tests' ALSA device playing a real ding-dong in a room's hush, then a quiet room), says what to do and shows
    /// the level, and the sound it keeps is found in talk; a microphone that hears no sound
    /// says so in one line and keeps nothing.
    @Test func herDoorbellTaughtFromTheMicrophone() throws {
        defer { try? FileManager.default.removeItem(at: home) }
        let chime = try WAVDecoder().read(path: Fixtures.path("alerts/doorbell-dingdong.wav")).atSpeechRate().samples
        let card = try TestSoundCard()
        let rings = RoomHush.samples(seconds: 1) + chime + RoomHush.samples(seconds: 2) + RoomHush.samples(seconds: 1) + chime + RoomHush.samples(seconds: 3)
        card.play(TestSoundCard.pcm16(rings), on: "ozen_test_mic")
        // Then a quiet room, paced as a microphone is, so the device never waits on an empty pipe.
        let room = PacedRoom(card: card, hush: .digitalSilence)
        defer { room.stop() }
        var withCard = environment
        withCard["ALSA_CONFIG_PATH"] = card.alsaConfigPath
        let taught = try OzenProcess.run(["sounds", "teach", "Front door", "--record", "2", "--device", "ozen_test_mic"], environment: withCard)
        // The level meter redraws its line with carriage returns; the report shows them as lines.
        let said = taught.stderr.replacingOccurrences(of: "\r", with: "\n")
        #expect(taught.status == 0 && taught.stdout.contains(#"taught "Front door" (doorbell, priority 2) from 2 recording(s)"#),
                "\(taught.stdout)\(said)")
        #expect(said.contains("take 1 of 2: play the sound now") && said.contains("take 2 of 2") && said.contains("dBFS"), "\(said)")
        let listed = try OzenProcess.run(["sounds", "taught"], environment: environment)
        #expect(listed.stdout == "Front door\tdoorbell\t2\ttake 1, take 2\n", "\(listed.stdout)")

        let talk = try WAVDecoder().read(path: Fixtures.path("librivox/sense_and_sensibility_01_austen_64kb-0880.wav")).atSpeechRate().samples
        let mixed = home.appendingPathComponent("rung.wav")
        try WAVEncoder().encode(SoundMix.mix(sound: chime, into: talk, at: 2 * MonoAudio.speechRate, levelDB: 0)).write(to: mixed)
        let heard = try OzenProcess.run(["sounds", "hear", mixed.path], environment: environment)
        // When it is not found, what was kept says why: the takes' lengths and landmarks.
        let kept = (try? String(contentsOf: home.appendingPathComponent("taught-sounds.json"), encoding: .utf8)).map { String($0.prefix(400)) } ?? "nothing"
        #expect(heard.stdout.contains("🔔 Front door ["), "status \(heard.status): \(heard.stdout)\(heard.stderr); the takes: \(said); kept: \(kept)")

        // A room of its own, whose hush has never been digital silence: nothing rises out of it.
        let hushed = try TestSoundCard()
        hushed.play(TestSoundCard.pcm16(RoomHush.samples(seconds: 16)), on: "ozen_test_mic")
        let hushedRoom = PacedRoom(card: hushed, hush: .digitalSilence)
        defer { hushedRoom.stop() }
        withCard["ALSA_CONFIG_PATH"] = hushed.alsaConfigPath
        let nothing = try OzenProcess.run(["sounds", "teach", "Oven", "--record", "1", "--device", "ozen_test_mic"], environment: withCard)
        #expect(nothing.status == 66 && nothing.stderr.contains("take 1: no sound rose out of the room's hush"),
                "\(nothing.stderr.replacingOccurrences(of: "\r", with: "\n"))")
        #expect(try OzenProcess.run(["sounds", "taught"], environment: environment).stdout == listed.stdout)
        let wrong = try OzenProcess.run(["sounds", "teach", "Oven", "--record", "9"], environment: withCard)
        #expect(wrong.status == 64 && wrong.stderr.contains("--record needs a number of takes from 1 to 5"), "\(wrong.stderr)")
    }
}

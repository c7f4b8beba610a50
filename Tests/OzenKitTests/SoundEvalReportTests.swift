import OzenKit
import Testing

/// What `ozen sounds eval` counts, on what YAMNet really said (`RecordedSoundScores`): a
/// stand-in (a recording that is not the thing itself) is counted apart, in none of the figures
/// the targets are judged by, whether it is found or not.
@Suite struct SoundEvalReportTests {
    static func report(phoneIsStandIn: Bool) throws -> SoundEvalReport {
        // The two recordings as the list names them; only the last column differs.
        let list = """
            phone-old-bell.wav\tphone\treport\t2\t1\tlinphone-common\t5.1.65-4\tpath\tabc\tGPL-3+\t\(phoneIsStandIn ? "stand-in" : "real")
            siren-firetruck-tuxpaint.wav\tsiren\treport\t1\t0\ttuxpaint\t1\tpath\tabc\tGPL-2+\treal
            """
        var phone = SoundThresholdSearchTests.trial(RecordedSoundScores.phoneRingingDuringTalk, name: "phone at 0 dB",
                                                    expected: "phone", soundStart: 2, soundEnd: 6.54)
        phone.recording = "phone-old-bell.wav"
        var siren = SoundThresholdSearchTests.trial(RecordedSoundScores.fireEngine, name: "fire engine at 0 dB",
                                                    expected: "siren", soundStart: 0.5, soundEnd: 6)
        siren.recording = "siren-firetruck-tuxpaint.wav"
        return SoundEvalReport(kinds: SoundKind.all, classNames: RecordedSoundScores.classNames, trials: [phone, siren],
                               talk: SoundThresholdSearchTests.trial(RecordedSoundScores.talk, name: "talk", expected: nil),
                               levels: [0], half: "report", recordings: try AlertRecording.catalogue(tsv: list),
                               speech: ["jfk"], talkName: "talk", millisecondsPerWindow: 1, secondsTaken: 1)
    }

    @Test func aRealRecordingCountsInTheFigures() throws {
        let real = try Self.report(phoneIsStandIn: false)
        let phone = try #require(real.kinds.first { $0.kind == "phone" })
        #expect(phone.trials == [1] && phone.detected == [1])
        #expect(real.recallByLevel == [1])
        #expect(real.standIns.files.isEmpty && real.standIns.trials == [0])
        #expect(!real.text.contains("stand-ins"))
        // Every wrong alert is told by the recording it was raised on.
        let told = real.wrongByRecording.values.reduce(0) { $0 + $1.values.reduce(0, +) }
        #expect(told == real.kinds.reduce(0) { $0 + $1.wrong })
        #expect(Set(real.wrongByRecording.keys).isSubset(of: ["phone-old-bell.wav", "siren-firetruck-tuxpaint.wav"]))
    }

    @Test func aStandInIsCountedApartAndNamed() throws {
        let standIn = try Self.report(phoneIsStandIn: true)
        let phone = try #require(standIn.kinds.first { $0.kind == "phone" })
        #expect(phone.trials == [0] && phone.detected == [0], "a stand-in counted as a phone")
        // Only the siren is left in the figures.
        #expect(standIn.recallByLevel == [1])
        #expect(standIn.standIns.files == ["phone-old-bell.wav"])
        #expect(standIn.standIns.trials == [1] && standIn.standIns.detected == [1])
        #expect(standIn.text.contains("stand-ins, not counted above (phone-old-bell.wav): 1 of 1 at 0 dB"))
    }
}

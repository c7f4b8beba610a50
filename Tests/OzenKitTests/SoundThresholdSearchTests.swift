import OzenKit
import Testing

/// The threshold search on what YAMNet really said (`RecordedSoundScores`): it keeps plain talk
/// quiet, with a step of margin, and finds the ringing phone; a kind nothing was heard of keeps
/// its own numbers.
@Suite struct SoundThresholdSearchTests {
    static func trial(_ windows: [RecordedSoundScores.Window], name: String, expected: String?,
                      soundStart: Double = 0, soundEnd: Double = 0) -> RecordedSoundTrial {
        let names = RecordedSoundScores.classNames
        return RecordedSoundTrial(name: name, expected: expected, levelDB: expected == nil ? nil : 0,
                                  soundStart: soundStart, soundEnd: soundEnd, windowSeconds: 0.982,
                                  windows: windows.map { w in .init(end: w.end, scores: names.map { w.scores[$0] ?? 0 }) })
    }

    static let search = SoundThresholdSearch(
        classNames: RecordedSoundScores.classNames,
        trials: [trial(RecordedSoundScores.phoneRingingDuringTalk, name: "phone", expected: "phone", soundStart: 2, soundEnd: 6.54),
                 // The wail winds up from silence: sox's stat gives an RMS of 0.007 in its first
                 // 0.2 s and 0.044 from 0.6 s, so it is counted from 0.5 s.
                 trial(RecordedSoundScores.fireEngine, name: "fire engine", expected: "siren", soundStart: 0.5, soundEnd: 6)],
        talk: [trial(RecordedSoundScores.talk, name: "talk", expected: nil)])

    @Test func thePhoneIsFoundAndTalkStaysQuietWithAStepOfMargin() throws {
        let phone = try #require(SoundKind.named("phone"))
        let choice = Self.search.choose(for: phone)
        #expect(choice.admissible)
        #expect(choice.trials == 1 && choice.detected == 1, "\(choice)")
        #expect(choice.talkAlerts == 0)
        // Each grid step more permissive than the choice must keep talk quiet as well.
        let lower = SoundThresholdSearch.lower(choice.kind)
        #expect(lower.threshold < choice.kind.threshold)
        #expect(Self.search.talk[0].replay(kinds: [lower], classNames: RecordedSoundScores.classNames).alerts.isEmpty)
        // The siren of the fire engine is not called a phone.
        #expect(choice.confusions == 0)
    }

    @Test func theFireEngineIsASirenFoundWithinASecond() throws {
        let siren = try #require(SoundKind.named("siren"))
        let choice = Self.search.choose(for: siren)
        #expect(choice.detected == 1 && choice.prompt == 1, "\(choice)")
        #expect((choice.medianDelay ?? 9) <= SoundThresholdSearch.promptSeconds)
    }

    /// Judged against talk (`--against-talk`), each class is measured by the most talk gave it,
    /// and the phone is still found with talk quiet a step below the choice.
    @Test func aKindJudgedAgainstTalkIsFoundWithTalkQuietAStepBelow() throws {
        var search = Self.search
        search.judgedAgainstTalk = true
        let phone = try #require(SoundKind.named("phone"))
        let levels = search.talkLevels(phone)
        for (name, level) in zip(phone.classes, levels) {
            let most = RecordedSoundScores.talk.compactMap { $0.scores[name] }.max() ?? 0
            #expect(level == max(most, SoundThresholdSearch.quietestTalkLevel), "\(name)")
        }
        let choice = search.choose(for: phone)
        #expect(choice.admissible && choice.detected == 1 && choice.talkAlerts == 0 && choice.confusions == 0, "\(choice)")
        let lower = SoundThresholdSearch.lower(choice.kind)
        #expect(lower.talkLevels == choice.kind.talkLevels && lower.threshold < choice.kind.threshold)
        #expect(search.talk[0].replay(kinds: [lower], classNames: RecordedSoundScores.classNames).alerts.isEmpty)
    }

    /// A danger's recording announced as another danger (a fire bell heard as a siren) still
    /// gets her out of the house: no confusion, so the siren keeps numbers that raise it; the
    /// same alert counted as a confusion would have the search give them up.
    @Test func aDangerAnnouncedAsAnotherIsNoConfusion() throws {
        let siren = try #require(SoundKind.named("siren"))
        let bell = Self.trial(RecordedSoundScores.fireEngine, name: "alarm", expected: "alarm", soundStart: 0.5, soundEnd: 6)
        var search = SoundThresholdSearch(classNames: RecordedSoundScores.classNames, trials: [bell], talk: Self.search.talk)
        #expect(!bell.replay(kinds: [siren], classNames: RecordedSoundScores.classNames).alerts.isEmpty)
        let kept = search.choose(for: siren)
        #expect(kept.kind == siren && kept.confusions == 0, "\(kept)")
        search.dangers = []
        let counted = search.choose(for: siren)
        #expect(counted.kind != siren && counted.confusions == 0, "\(counted)")
    }

    @Test func aKindNothingWasHeardOfKeepsItsOwnNumbers() throws {
        let knock = try #require(SoundKind.named("knock"))
        let choice = Self.search.choose(for: knock)
        #expect(choice.kind == knock)
        #expect(choice.trials == 0 && choice.talkAlerts == 0)
    }
}

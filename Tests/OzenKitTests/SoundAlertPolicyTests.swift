import OzenKit
import Testing

/// The alert policy, with YAMNet's numbers, on scores YAMNet gave on real recordings
/// (`RecordedSoundScores`): a phone ringing during talk, a fire engine whose horn starts
/// while its siren wails, and the stretch of plain talk that scored highest on any listened-for
/// class in ten minutes.
@Suite struct SoundAlertPolicyTests {
    typealias Window = RecordedSoundScores.Window

    /// Runs the policy over recorded windows, each 0.982 s long and ending at `end`.
    func alerts(_ windows: [Window], muted: Set<String> = [], kinds: [SoundKind] = SoundKind.yamnet) -> [SoundAlertEvent] {
        let names = RecordedSoundScores.classNames
        var policy = SoundAlertPolicy(classNames: names, kinds: kinds, muted: muted)
        var raised: [SoundAlertEvent] = []
        for window in windows {
            let scores = names.map { window.scores[$0] ?? 0 }
            raised += policy.observe(scores, windowStart: window.end - 0.982, windowEnd: window.end)
        }
        return raised
    }

    @Test func everyCatalogClassIsInYAMNetsClassMap() {
        let policy = SoundAlertPolicy(classNames: RecordedSoundScores.classNames)
        #expect(policy.missingClasses.isEmpty, "\(policy.missingClasses)")
        #expect(policy.kinds.count == SoundKind.yamnet.count)
    }

    @Test func aPhoneRingingDuringTalkIsOneAlertWhileItRings() throws {
        // linphone's old telephone, two rings from 2.0 s to 6.5 s, at 0 dB against jfk.
        let raised = alerts(RecordedSoundScores.phoneRingingDuringTalk)
        #expect(raised.map(\.kind) == ["phone"], "\(raised)")
        let phone = try #require(raised.first)
        #expect(phone.at >= 2.0 && phone.at <= 4.5, "raised at \(phone.at)")
        #expect(phone.start >= 1.0 && phone.start <= phone.at - 0.9)
        #expect(phone.priority == 2 && phone.score >= 0.5)
        #expect(["Telephone", "Telephone bell ringing", "Ringtone"].contains(phone.className))
    }

    @Test func aMutedSoundIsNotRaised() {
        #expect(alerts(RecordedSoundScores.phoneRingingDuringTalk, muted: ["phone"]).isEmpty)
        #expect(alerts(RecordedSoundScores.phoneRingingDuringTalk, muted: ["dog"]).map(\.kind) == ["phone"])
    }

    @Test func talkAloneRaisesNothing() {
        #expect(alerts(RecordedSoundScores.talk).isEmpty)
    }

    @Test func aLesserSoundWaitsUntilTheDangerIsOver() throws {
        // The fire engine's horn starts while its siren still wails. With the horn listened for
        // as keenly as the siren (0.15, 2 of 3 windows) it is heard from 5.8 s, but announced
        // only once the siren has been quiet for four windows — and it still blares then.
        let windows = RecordedSoundScores.fireEngine
        let kinds = SoundKind.yamnet.map { kind -> SoundKind in
            guard kind.name == "car-horn" else { return kind }
            var keen = kind
            keen.threshold = 0.15
            return keen
        }
        let raised = alerts(windows, kinds: kinds)
        #expect(raised.map(\.kind) == ["siren", "car-horn"], "\(raised)")
        guard raised.count == 2 else { return }
        let siren = raised[0], horn = raised[1]
        let sirenKind = try #require(SoundKind.named("siren"))
        let lastSiren = try #require(windows.last { w in
            w.end < horn.at && sirenKind.classes.contains { (w.scores[$0] ?? 0) >= sirenKind.threshold }
        })
        #expect(horn.start < lastSiren.end, "the horn began while the siren was sounding")
        #expect(horn.at >= lastSiren.end + Double(SoundAlertPolicy(classNames: []).quietWindowsToEnd) * SoundWatch.standardHopSeconds - 0.01)
        #expect(siren.priority == 3 && horn.priority == 1)
        // Muting the siren lets the horn through as soon as it is heard.
        let withoutSiren = alerts(windows, muted: ["siren"], kinds: kinds)
        #expect(withoutSiren.map(\.kind) == ["car-horn"])
        #expect((withoutSiren.first?.at ?? 99) < horn.at)
    }

    /// A kind judged against talk counts each class by its score over the most talk gave that
    /// class: the ring stands well above what talk gives the phone's classes, talk itself never
    /// passes 1, and the alert carries the class's own score, not the multiple.
    @Test func aKindJudgedAgainstTalkCountsEachClassOverWhatTalkGaveIt() throws {
        let phone = try #require(SoundKind.named("phone"))
        let levels = phone.classes.map { name in max(RecordedSoundScores.talk.compactMap { $0.scores[name] }.max() ?? 0, 0.002) }
        let judged = phone.with(threshold: 2, windowsToAgree: 2, of: 3, sureScore: nil, talkLevels: levels)
        let raised = alerts(RecordedSoundScores.phoneRingingDuringTalk, kinds: [judged])
        #expect(raised.map(\.kind) == ["phone"], "\(raised)")
        let ring = try #require(raised.first)
        #expect(ring.score > 0 && ring.score <= 1, "\(ring.score)")
        let keenest = judged.with(threshold: 1.01, windowsToAgree: 1, of: 1, sureScore: nil, talkLevels: levels)
        #expect(alerts(RecordedSoundScores.talk, kinds: [keenest]).isEmpty)
        // A threshold of 2 on the scores as they are raises nothing: the levels are what count.
        #expect(alerts(RecordedSoundScores.phoneRingingDuringTalk, kinds: [phone.with(threshold: 2, windowsToAgree: 2, of: 3, sureScore: nil)]).isEmpty)
    }

    /// A sound ends after 1.9 s below its threshold whatever the hop (`ozen sounds eval --hop`):
    /// 4 windows at the standard 0.48 s, 8 at 0.24 s.
    @Test func aSoundEndsAfterTheSameQuietAtAnyHop() {
        #expect(SoundAlertPolicy(classNames: []).quietWindowsToEnd == 4)
        #expect(SoundAlertPolicy(classNames: [], hopSeconds: 0.24).quietWindowsToEnd == 8)
    }

    @Test func aDangerThatGoesOnIsAnnouncedAgainEveryThirtySeconds() {
        // The recorded siren's wail (its windows up to 5.8 s), repeated: a minute of siren.
        let wail = RecordedSoundScores.fireEngine.filter { $0.end > 1 && $0.end < 6 }
        var windows: [Window] = []
        var end = 0.98
        while end < 62 {
            windows.append(Window(end: end, scores: wail[windows.count % wail.count].scores))
            end += 0.48
        }
        let times = alerts(windows).filter { $0.kind == "siren" }.map(\.at)
        #expect(times.count == 3, "\(times)")
        if times.count == 3 {
            #expect(abs(times[1] - times[0] - 30) < 0.5 && abs(times[2] - times[1] - 30) < 0.5)
        }
    }
}

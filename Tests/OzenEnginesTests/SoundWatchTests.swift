import Foundation
import OzenEngines
import OzenKit
import OzenTestSupport
import Synchronization
import Testing

/// The sound alerts end to end with the real classifiers (YAMNet, EfficientAT, both together)
/// on real recordings: a telephone ringing into real talk is found while it rings, a door chime
/// as the doorbell, a car horn's steady tone tells it in one window, talk alone raises nothing,
/// the watch hears the same however the stream is cut into pieces, and a microphone's own
/// 32 kHz copy reaches EfficientAT in place of the 16 kHz audio brought up.
@Suite(.serialized) struct SoundWatchTests {
    static let classifier: YAMNetSoundClassifier = {
        do { return try YAMNetSoundClassifier(home: Fixtures.home) }
        catch { fatalError("the yamnet model is not installed (run `make setup`): \(error)") }
    }()

    static func samples(_ path: String) throws -> [Float] {
        try WAVDecoder().read(path: Fixtures.path(path)).atSpeechRate().samples
    }

    static func classifier(_ tagger: SoundTagger) throws -> any SoundClassifier {
        try tagger.classifier(home: Fixtures.home)
    }

    /// linphone's old telephone for YAMNet (EfficientAT hears it as an alarm clock or music),
    /// Gajim's incoming call for EfficientAT; both together hear either.
    @Test(arguments: [(SoundTagger.yamnet, "sounds/oldphone-mono.wav"), (.efficientat, "alerts/phone-gajim.wav"),
                      (.both, "sounds/oldphone-mono.wav"), (.both, "alerts/phone-gajim.wav")])
    func aPhoneRingingIntoTalkIsFoundWhileItRings(tagger: SoundTagger, recording: String) throws {
        let ring = SoundMix.repeated(try Self.samples(recording), times: 2, gapSeconds: 1)
        let talk = try Self.samples("librivox/sense_and_sensibility_01_austen_64kb-0880.wav")
        let start = 2 * MonoAudio.speechRate
        let mixed = SoundMix.mix(sound: ring, into: talk, at: start, levelDB: 0)
        var trial = SoundTrial(expected: "phone", soundStart: 2, soundEnd: 2 + Double(ring.count) / Double(MonoAudio.speechRate))
        try trial.run(SoundWatch(classifier: try Self.classifier(tagger)), over: mixed)
        let found = try #require(trial.detection, "\(trial.alerts)")
        #expect(found.className.hasPrefix("Telephone") || found.className == "Ringtone")
        #expect(found.at < trial.soundEnd, "found at \(found.at), the ringing ended at \(trial.soundEnd)")
        #expect(trial.falseAlarms.isEmpty, "\(trial.falseAlarms)")
    }

    /// A real house fire alarm (temporal-three) 10 dB under talk, heard at 32 kHz by EfficientAT
    /// and by its rhythm (`AlarmRhythm`), is a danger alert within 2.5 s of its first beep and a
    /// window's hop (EfficientAT's "Buzzer" comes first here, 1.6 s after it), and raises nothing else.
    @Test func aRealFireAlarmUnderTalkIsADangerWithinItsFirstGroup() throws {
        let rate = LiveAudioInbox.wideRate
        let alarm = try WAVDecoder().read(path: Fixtures.path("alerts/32k/alarm-smoke-fire-house.wav"))
        let talk = Resampler(from: MonoAudio.speechRate, to: rate)
            .resample(try Self.samples("librivox/sense_and_sensibility_01_austen_64kb-0880.wav"))
        let mixed = SoundMix.mix(sound: alarm.samples, into: talk, at: 2 * rate, levelDB: -10, rate: rate)
        var trial = SoundTrial(expected: "alarm", soundStart: 2, soundEnd: 2 + Double(alarm.samples.count) / Double(rate))
        try trial.run(SoundWatch(classifier: try Self.classifier(.efficientat), inputRate: rate), over: mixed)
        let found = try #require(trial.detection, "\(trial.alerts)")
        let firstBeep = 2 + 3.25
        #expect(found.priority == 3)
        #expect(found.at <= firstBeep + 2.5 + SoundWatch.standardHopSeconds, "found at \(found.at): \(trial.alerts)")
        #expect(trial.falseAlarms.isEmpty, "\(trial.falseAlarms)")
    }

    /// A real door chime rung twice into talk at the same loudness, heard at 32 kHz as a
    /// microphone brings it, is told as the doorbell before it ends, and as nothing else.
    @Test func aDoorbellRungIntoTalkIsToldAsTheDoorbell() throws {
        let rate = LiveAudioInbox.wideRate
        let chime = try WAVDecoder().read(path: Fixtures.path("alerts/32k/doorbell-homedecor.wav"))
        #expect(chime.sampleRate == rate)
        let ring = SoundMix.repeated(chime.samples, times: 2, gapSeconds: 1, rate: rate)
        let talk = Resampler(from: MonoAudio.speechRate, to: rate)
            .resample(try Self.samples("librivox/sense_and_sensibility_01_austen_64kb-0880.wav"))
        let mixed = SoundMix.mix(sound: ring, into: talk, at: 2 * rate, levelDB: 0, rate: rate)
        var trial = SoundTrial(expected: "doorbell", soundStart: 2, soundEnd: 2 + Double(ring.count) / Double(rate))
        try trial.run(SoundWatch(classifier: try Self.classifier(.efficientat), inputRate: rate), over: mixed)
        let found = try #require(trial.detection, "\(trial.alerts)")
        #expect(found.className == "Doorbell" || found.className == "Ding-dong")
        #expect(found.at < trial.soundEnd, "found at \(found.at), the chime ended at \(trial.soundEnd)")
        #expect(trial.falseAlarms.isEmpty, "\(trial.falseAlarms)")
    }

    /// Her ding-dong, taught from itself and rung into a room's hush at 16 kHz (a microphone as
    /// the page's "Teach a sound" hears it), is told by her name; what the tagger makes of the
    /// same ring after that (alone, it calls it a phone ringing a moment later) is dropped,
    /// unless it is more urgent than hers.
    @Test func herTaughtDoorbellIsToldByHerNameAndNotAlsoAsTheTaggersGuess() throws {
        let chime = try Self.samples("alerts/doorbell-dingdong.wav")
        let rung = RoomHush.samples(seconds: 3) + chime + RoomHush.samples(seconds: 3, seed: 9)
        func alerts(taught group: TaughtSound.Group?) throws -> [SoundAlertEvent] {
            let taught = group.map { [TaughtSound(name: "Front door", group: $0, prints: [TaughtSound.Print(recording: "door.wav", samples: chime, rate: MonoAudio.speechRate)])] }
            let watch = SoundWatch(classifier: try Self.classifier(.standard), taught: taught ?? [])
            var heard: [SoundAlertEvent] = []
            try watch.hearStream(rung) { if case .sound(let alert) = $0 { heard.append(alert) } }
            return heard
        }
        let guessed = try alerts(taught: nil)
        let named = try alerts(taught: .doorbell)
        func said(_ alerts: [SoundAlertEvent]) -> String { alerts.map { "\($0.shown) at \($0.at) p\($0.priority)" }.joined(separator: ", ") }
        let hers = try #require(named.first { $0.kind == TaughtSound.eventKind }, "her doorbell was not found: \(said(named))")
        // The tagger alone guesses again after the moment her name is raised ("phone ringing"):
        // that guess is what is dropped; what it said before stays (a live alert cannot be taken back).
        #expect(guessed.contains { $0.at > hers.at }, "the tagger raises nothing after her name here, so nothing is dropped: \(said(guessed))")
        #expect(named.filter { $0.kind != TaughtSound.eventKind }.map(\.at) == guessed.filter { $0.at < hers.at }.map(\.at),
                "with her sound: \(said(named)); the tagger alone: \(said(guessed))")
        // Taught as an appliance (priority 1), the tagger's doorbell or phone (2) is more urgent and stays.
        let quieter = try alerts(taught: .appliance)
        #expect(quieter.filter { $0.kind != TaughtSound.eventKind }.map(\.at) == guessed.map(\.at), "\(said(quieter)); the tagger alone: \(said(guessed))")
    }

    /// Live, the alerts hear the audio as the source pushes it, on a thread of their own: a
    /// telephone ringing into talk is raised while the pipeline, busy with a pass, has taken
    /// none of it (here nothing takes from the inbox at all).
    @Test func liveTheAlertsHearTheAudioBeforeThePipelineTakesIt() throws {
        let ring = SoundMix.repeated(try Self.samples("alerts/phone-gajim.wav"), times: 2, gapSeconds: 1)
        let talk = try Self.samples("librivox/sense_and_sensibility_01_austen_64kb-0880.wav")
        let mixed = SoundMix.mix(sound: ring, into: talk, at: 2 * MonoAudio.speechRate, levelDB: 0)
        _ = try Self.classifier(.standard)  // installed: the thread's own load below cannot fail unseen
        let raised = Raised()
        let own = ListenersOnTheirOwnThread(send: { event in
            if case .sound(let alert) = event { raised.alerts.withLock { $0.append(alert) } }
        }, making: { (try? Self.classifier(.standard)).map { [SoundWatch(classifier: $0)] } ?? [] })
        let inbox = LiveAudioInbox()
        own.hear(from: inbox)
        for start in stride(from: 0, to: mixed.count, by: MonoAudio.speechRate / 10) {
            inbox.push(Array(mixed[start..<min(mixed.count, start + MonoAudio.speechRate / 10)]))
        }
        for _ in 0..<300 where !raised.alerts.withLock({ $0.contains { $0.kind == "phone" } }) { Thread.sleep(forTimeInterval: 0.1) }
        let alerts = raised.alerts.withLock { $0 }
        #expect(alerts.contains { $0.kind == "phone" && $0.at >= 2 }, "\(alerts)")
        #expect(inbox.received == mixed.count && inbox.pendingSeconds * Double(MonoAudio.speechRate) == Double(mixed.count))
        try own.finish { _ in }
    }

    /// What the alerts' own thread raised.
    final class Raised: Sendable {
        let alerts = Mutex<[SoundAlertEvent]>([])
    }

    /// A car horn held into talk at the same loudness, heard at 32 kHz: its steady tone
    /// (`StableTone`) lets one window tell it, within a second, where two windows of three
    /// would have to agree without it.
    @Test func aSteadyToneLetsAHornBeToldInOneWindow() throws {
        let rate = LiveAudioInbox.wideRate
        let horn = try WAVDecoder().read(path: Fixtures.path("alerts/32k/horn-car-1.wav"))
        #expect(horn.sampleRate == rate)
        let talk = Resampler(from: MonoAudio.speechRate, to: rate)
            .resample(try Self.samples("librivox/sense_and_sensibility_01_austen_64kb-0880.wav"))
        let mixed = SoundMix.mix(sound: horn.samples, into: talk, at: 2 * rate, levelDB: 0, rate: rate)
        func told(_ kinds: [SoundKind]) throws -> SoundTrial {
            var trial = SoundTrial(expected: "car-horn", soundStart: 2, soundEnd: 2 + Double(horn.samples.count) / Double(rate))
            try trial.run(SoundWatch(classifier: try Self.classifier(.efficientat), kinds: kinds, inputRate: rate), over: mixed)
            return trial
        }
        #expect(SoundKind.efficientAT.first { $0.name == "car-horn" }?.toneScore != nil)
        let withTone = try told(SoundKind.efficientAT)
        let found = try #require(withTone.detection, "\(withTone.alerts)")
        #expect(found.at - 2 <= 1.0, "told \(found.at - 2) s after the horn began")
        #expect(withTone.falseAlarms.isEmpty, "\(withTone.falseAlarms)")
        let without = try told(SoundKind.efficientAT.map { $0.with(toneScore: nil) })
        #expect(without.detection.map { $0.at > found.at } ?? true, "\(without.alerts)")
    }

    @Test(arguments: SoundTagger.allCases)
    func talkAloneRaisesNothing(tagger: SoundTagger) throws {
        var names = try FileManager.default.contentsOfDirectory(atPath: Fixtures.path("librivox"))
            .filter { $0.hasSuffix(".wav") }.sorted().map { "librivox/" + $0 }
        names += ["jfk/jfk.wav", "pyannote/sample.wav"]
        let talk = try names.flatMap { try Self.samples($0) }
        var trial = SoundTrial(expected: nil)
        let watch = SoundWatch(classifier: try Self.classifier(tagger))
        try trial.run(watch, over: talk)
        #expect(watch.windowsHeard > 130)
        #expect(trial.alerts.isEmpty, "\(trial.alerts)")
    }

    @Test func piecesOfAnySizeAreHeardAlike() throws {
        let siren = try Self.samples("sounds/firetruck.wav")
        func heard(pieces: [Int]) throws -> (windows: Int, alerts: [SoundAlertEvent]) {
            let watch = SoundWatch(classifier: Self.classifier)
            var alerts: [SoundAlertEvent] = []
            var start = 0, i = 0
            while start < siren.count {
                let end = min(siren.count, start + pieces[i % pieces.count])
                try watch.hear(Array(siren[start..<end]), start: Double(start) / 16_000) { event in
                    if case .sound(let alert) = event { alerts.append(alert) }
                }
                start = end
                i += 1
            }
            return (watch.windowsHeard, alerts)
        }
        let tenths = try heard(pieces: [1_600])
        let ragged = try heard(pieces: [1, 7_000, 333, 20_000, 512])
        #expect(tenths.windows == (siren.count - 15_712) / 7_680 + 1)
        #expect(ragged.windows == tenths.windows)
        #expect(ragged.alerts == tenths.alerts)
        #expect(tenths.alerts.map(\.kind).first == "siren", "\(tenths.alerts)")
    }

    @Test func aClipShorterThanAWindowIsHeardOnce() throws {
        let bark = try Self.samples("sounds/dog.wav")
        #expect(bark.count < 15_712)
        let watch = SoundWatch(classifier: Self.classifier)
        try watch.hear(bark, start: 0) { _ in }
        #expect(watch.windowsHeard == 0)
        try watch.finish { _ in }
        #expect(watch.windowsHeard == 1)
    }

    /// A siren recorded at 44.1 kHz, as a microphone brings it: the watch hears the 32 kHz copy
    /// made from the recording itself when the piece carries one, and the 16 kHz audio brought
    /// back up when it does not; both find the siren, and the windows fall at the same times.
    @Test func aMicrophonesOwn32kHzCopyIsHeardInPlaceOfThe16kHzAudio() throws {
        let original = try WAVDecoder().read(path: Fixtures.path("alerts/32k/siren-police.wav"))
        let speech = original.atSpeechRate().samples
        let wide = original.samples
        func heard(withWide: Bool) throws -> (watch: SoundWatch, alerts: [SoundAlertEvent], ends: [Double]) {
            let watch = SoundWatch(classifier: try Self.classifier(.efficientat))
            var alerts: [SoundAlertEvent] = [], ends: [Double] = []
            watch.onScores = { _, end, _, _ in ends.append(end) }
            var start = 0
            while start < speech.count {
                let end = min(speech.count, start + 1_600)
                let piece = withWide ? Array(wide[min(wide.count, start * 2)..<min(wide.count, end * 2)]) : []
                try watch.hear(Array(speech[start..<end]), wide: piece, start: Double(start) / 16_000) { event in
                    if case .sound(let alert) = event { alerts.append(alert) }
                }
                start = end
            }
            return (watch, alerts, ends)
        }
        let direct = try heard(withWide: true), brought = try heard(withWide: false)
        #expect(direct.watch.hearsWide && !brought.watch.hearsWide)
        #expect(direct.alerts.first?.kind == "siren", "\(direct.alerts)")
        #expect(brought.alerts.first?.kind == "siren", "\(brought.alerts)")
        #expect(direct.ends.count >= 5)
        #expect(direct.ends == Array(brought.ends.prefix(direct.ends.count)), "\(direct.ends) against \(brought.ends)")
        // EfficientAT's windows come one every 0.48 s, its first when 2 s are in.
        #expect(abs((direct.ends.first ?? 0) - 2) < 1e-6)
        #expect(zip(direct.ends, direct.ends.dropFirst()).allSatisfy { abs($1 - $0 - 0.48) < 1e-6 }, "\(direct.ends)")
    }
}

import Foundation
import OzenKit
import OzenTestSupport
import Testing

/// `AlarmRhythm` (through `StableTone`, which hands it its frames) on a real house fire alarm
/// (freesound 325367: temporal-three at 3.08 kHz, in a reverberant room, first beep 3.25 s
/// into the recording) laid into real talk, and on real talk alone.
@Suite struct AlarmRhythmTests {
    /// Where the fire alarm's first beep begins in its recording (seconds).
    static let firstBeep = 3.25

    /// The seconds into `samples` at which the first rhythm is heard, fed in 0.1 s pieces, and
    /// every rhythm heard.
    func heard(_ samples: [Float], rate: Int) -> (first: Double?, patterns: [AlarmRhythm.Pattern]) {
        var tone = StableTone(rate: rate)
        var first: Double?, patterns: [AlarmRhythm.Pattern] = []
        let piece = rate / 10
        for start in stride(from: 0, to: samples.count, by: piece) {
            tone.push(Array(samples[start..<min(samples.count, start + piece)]))
            if let pattern = tone.takeRhythm() {
                patterns.append(pattern)
                if first == nil { first = Double(min(samples.count, start + piece)) / Double(rate) }
            }
        }
        return (first, patterns)
    }

    /// Real talk at `rate`: Kennedy, or a LibriVox reader.
    func talk(_ path: String, rate: Int) throws -> [Float] {
        let speech = try WAVDecoder().read(path: path).atSpeechRate().samples
        return rate == MonoAudio.speechRate ? speech : Resampler(from: MonoAudio.speechRate, to: rate).resample(speech)
    }

    func fireAlarm(rate: Int) throws -> [Float] {
        let folder = rate == MonoAudio.speechRate ? "alerts/" : "alerts/32k/"
        let sound = try WAVDecoder().read(path: Fixtures.path(folder + "alarm-smoke-fire-house.wav"))
        return rate == MonoAudio.speechRate ? sound.atSpeechRate().samples : sound.samples
    }

    /// Laid into Kennedy from 2 s on, at equal loudness and 10 dB under him, at both rates the
    /// watch hears: temporal-three within 2.5 s of the first beep, every group found.
    @Test(arguments: [16_000, 32_000], [0.0, -10.0])
    func aRealFireAlarmUnderTalkIsHeardByItsRhythm(rate: Int, levelDB: Double) throws {
        let mix = SoundMix.mix(sound: try fireAlarm(rate: rate), into: try talk(Fixtures.jfk.path, rate: rate),
                               at: 2 * rate, levelDB: levelDB, rate: rate)
        let result = heard(mix, rate: rate)
        let beep = 2 + Self.firstBeep
        #expect(result.first.map { $0 > beep && $0 <= beep + 2.5 } == true, "\(rate) Hz, \(levelDB) dB: \(String(describing: result.first))")
        #expect(result.patterns.allSatisfy { $0 == .temporalThree })
        // Three groups of three beeps sound in the recording (3.25, 6.55 and 9.8 s).
        #expect(result.patterns.count == 3, "\(rate) Hz, \(levelDB) dB: \(result.patterns)")
    }

    /// Talk alone, a man and a woman reading and a two-person call, never sounds like one.
    @Test func talkHasNoAlarmRhythm() throws {
        var paths = [Fixtures.jfk.path, Fixtures.path("pyannote/sample.wav")]
        paths += try Fixtures.librivox().prefix(3).map(\.path)
        for path in paths {
            for rate in [16_000, 32_000] {
                let result = heard(try talk(path, rate: rate), rate: rate)
                #expect(result.patterns.isEmpty, "\(path) at \(rate) Hz: \(result.patterns)")
            }
        }
    }

    /// The rhythm alone, whatever the tagger scores, is an `alarm` danger named by its rhythm,
    /// and the groups after it are the same occurrence (one alert, again after 30 s).
    @Test func theRhythmAloneRaisesTheAlarm() {
        let names = SoundKind.all.flatMap(\.classes)
        var policy = SoundAlertPolicy(classNames: names)
        let quiet = [Float](repeating: 0, count: names.count)
        var alerts: [SoundAlertEvent] = []
        var end = 0.96
        for window in 0..<80 {
            // A group found every 3.3 s from the fourth window on, as the fire alarm's are.
            let rhythm: AlarmRhythm.Pattern? = window >= 4 && (window - 4) % 7 == 0 ? .temporalThree : nil
            alerts += policy.observe(quiet, rhythm: rhythm, windowStart: end - 0.96, windowEnd: end)
            end += 0.48
        }
        #expect(alerts.count == 2, "\(alerts)")
        #expect(alerts.allSatisfy { $0.kind == "alarm" && $0.priority == 3 && $0.className == AlarmRhythm.Pattern.temporalThree.rawValue })
        #expect(alerts.first.map { abs($0.at - (0.96 + 4 * 0.48)) < 1e-9 } == true)
    }
}

import Foundation
import OzenEngines
import OzenKit

/// Measures how a live model and a final (correction) model run together on this computer
/// (`PairSpeed`): a few seconds of English speech, said by eSpeak (in Debian, so every
/// computer has the same clip), captioned through the whole pipeline with speakers, sounds and
/// corrections on, as fast as the computer can. The measurement is kept in
/// `$OZEN_HOME/pair-speeds.json` for these two model files, this processor and these threads,
/// and timed again only when one of them changes (or `ozen models speed --again`).
public enum PairCalibration {
    /// The clip: three sentences with a pause after each, about 12 s.
    static let sentences = [
        "The doctor said the results will be ready on Tuesday morning, after nine.",
        "Could you pass me the bread and the butter, please?",
        "We are going to visit my sister and her children next weekend.",
    ]

    /// The pair's speed: kept, or measured now (and kept) when none is kept for these files,
    /// this processor and these threads, or when `again`.
    public static func speed(live: String, final: String, home: OzenHome, again: Bool = false) throws -> (speed: PairSpeed, measuredNow: Bool) {
        let recognizer = try PipelineSettings.recognizer()
        let key = PairSpeed.key(liveSHA: try InstalledModel.load(live, in: home).manifest.sha256,
                                finalSHA: try InstalledModel.load(final, in: home).manifest.sha256,
                                processor: processorName, threads: recognizer.threads)
        var kept = PairSpeeds.load(from: home)
        if !again, let speed = kept.measured(key: key) { return (speed, false) }
        let speed = try measure(live: live, final: final, key: key, home: home, recognizer: recognizer)
        kept.keep(speed)
        try kept.save(to: home)
        return (speed, true)
    }

    /// The installed Whisper models' names.
    public static func whisperModels(in home: OzenHome) -> [String] {
        InstalledModel.installedNames(in: home).filter { (try? InstalledModel.load($0, in: home).manifest.kind) == "whisper-ggml" }
    }

    /// A line for stderr when `--final-model` chose a pair that cannot keep up here; nil when it
    /// can, or when it could not be measured (the captions go on either way).
    public static func warning(live: String, final: String, home: OzenHome) -> String? {
        guard let (speed, _) = try? speed(live: live, final: final, home: home), !speed.keepsUp else { return nil }
        return tr("ozen: ‏--final-model \(final) עם \(live) במחשב הזה: ", "ozen: --final-model \(final) with \(live) on this computer: ")
            + speed.verdict + tr(" — בחרו מודל סופי קטן יותר (ozen models speed מראה את הזוגות)",
                                 " — choose a smaller final model (ozen models speed shows the pairs)")
    }

    static func measure(live: String, final: String, key: String, home: OzenHome,
                        recognizer: WhisperRecognizer.Settings) throws -> PairSpeed {
        let audio = try clip()
        let models = try PipelineBuilder(home: home, models: { var models = PipelineBuilder.Models(live: live, final: final == live ? nil : final, recognizer: recognizer, speakers: true); models.checksPair = false; return models }())
        let settings = LiveSettings(language: .english)
        let clock = AudioClock()
        let captioner = try models.captioner(settings: settings, clock: clock)
        var correcting = settings
        correcting.corrections.enabled = true
        let corrector = models.corrector(settings: correcting, clock: clock, inline: true)
        let followers: [any CaptionFollower] = corrector.map { [$0] } ?? []
        let sounds = SoundAlerts.watchOrWarn(home: home, alsoMuted: [])
        let listeners: [any AudioListener] = (sounds.map { [$0] } ?? []) + followers
        let began = ContinuousClock.now
        try RecordingReplay.run(audio, through: captioner, clock: clock, listeners: listeners) { event in
            CaptionFollowing.send(event, through: followers) { _ in }
        }
        let wall = RealTimeClock.seconds(ContinuousClock.now - began)
        let finals = captioner.finalPassSeconds
        let liveSeconds = captioner.busySeconds - finals.reduce(0, +)
        let corrections = (corrector?.corrected ?? 0) + (corrector?.confirmed ?? 0)
        return PairSpeed(live: live, final: final, load: wall / audio.duration,
                         livePass: captioner.livePassCount > 0 ? liveSeconds / Double(captioner.livePassCount) : 0,
                         finalPass: Percentile.median(finals) ?? 0,
                         correction: corrections > 0 ? (corrector?.inlineSeconds ?? 0) / Double(corrections) : 0,
                         key: key)
    }

    /// The clip at 16 kHz: each sentence after a second of quiet, and a second at the end.
    static func clip() throws -> MonoAudio {
        let engine = try EspeakEngine.shared.get()
        let quiet = [Float](repeating: 0, count: MonoAudio.speechRate)
        var samples = quiet
        for sentence in sentences {
            samples += try engine.synthesize(sentence, voice: "en-us").atSpeechRate().samples + quiet
        }
        return MonoAudio(samples: samples, sampleRate: MonoAudio.speechRate)
    }

    /// The processor's model name, as /proc/cpuinfo gives it ("unknown" where it does not).
    static var processorName: String {
        guard let info = try? String(contentsOfFile: "/proc/cpuinfo", encoding: .utf8),
              let line = info.split(separator: "\n").first(where: { $0.hasPrefix("model name") }),
              let name = line.split(separator: ":", maxSplits: 1).last else { return "unknown" }
        return name.trimmingCharacters(in: .whitespaces)
    }
}
